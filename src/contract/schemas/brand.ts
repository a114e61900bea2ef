import { z } from 'zod';

/** Site-relative path ("/uploads/x.png", not "//host/x") or absolute http(s) URL; '' = none. */
const isImageLocation = (value: string) => {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const imageLocation = z.string().trim().max(512).refine(isImageLocation, { error: 'validation.imageUrl' });

/** Brand configuration (docs/console.md "Brand"): body of POST /sys/config/brand/update and `data` of GET /sys/config/brand. */
export const brandBody = z.object({
  brandName: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  favicon: imageLocation,
  logo: imageLocation,
  logoDarkMode: imageLocation,
});
export type BrandConfig = z.infer<typeof brandBody>;

/** `data` of GET /sys/config/brand and of its update: the brand as stored (types only, see ./response.ts). */
export const brandConfig = z.object({ brandName: z.string(), favicon: z.string(), logo: z.string(), logoDarkMode: z.string() });
export type StoredBrand = z.output<typeof brandConfig>;

/** The largest file POST /sys/config/brand/upload accepts (its types: server/modules/brand/imageType.ts). */
export const BRAND_UPLOAD_MAX_BYTES = 512 * 1024;

/** `data` of a successful upload: where the stored file is served. */
export const brandUploadResult = z.object({ url: z.string() });
export type BrandUploadResult = z.output<typeof brandUploadResult>;
