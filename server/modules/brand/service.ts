import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import { BRAND_UPLOAD_MAX_BYTES, type BrandConfig, type BrandUploadResult } from '../../../src/contract/schemas/brand';
import { detectImageType, IMAGE_EXTENSION, IMAGE_MEDIA_TYPE, isUnsafeSvg, MEDIA_TYPE_IMAGE } from './imageType';

/** What the console shows before an operator has configured a brand (a database seeded with nothing). */
export const DEFAULT_BRAND: BrandConfig = { brandName: 'Custody', favicon: '', logo: '', logoDarkMode: '' };

const brandColumns = ['brandName', 'favicon', 'logo', 'logoDarkMode'] as const;

export async function readBrand(db: Db): Promise<BrandConfig> {
  const row = await db.selectFrom('brandConfig').select(brandColumns).orderBy('id').limit(1).executeTakeFirst();
  return row ?? DEFAULT_BRAND;
}

/** The brand is one row: updated in place, or created by the first update. */
export async function updateBrand(db: Db, brand: BrandConfig, now: Date): Promise<BrandConfig> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('brandConfig').select('id').orderBy('id').limit(1).forUpdate().executeTakeFirst();
    if (current)
      await trx
        .updateTable('brandConfig')
        .set({ ...brand, updatedAt: now })
        .where('id', '=', current.id)
        .execute();
    else
      await trx
        .insertInto('brandConfig')
        .values({ ...brand, updatedAt: now })
        .execute();
    return brand;
  });
}

const refuse = (code: ApiError['code'], key: string, params?: Record<string, string | number>) => new ApiError(code, key, { params });

/**
 * Checks an uploaded image by its content and stores it under a random name in the database,
 * where every instance serves it from (server/modules/brand/uploads.ts).
 */
export async function storeBrandImage(db: Db, declaredType: string, bytes: Buffer): Promise<BrandUploadResult> {
  const expected = MEDIA_TYPE_IMAGE[declaredType.toLowerCase()];
  if (!expected) throw refuse(BodyCode.badRequest, 'api.uploadType');
  if (bytes.length > BRAND_UPLOAD_MAX_BYTES) throw refuse(413, 'api.uploadTooLarge', { max: BRAND_UPLOAD_MAX_BYTES / 1024 });
  if (detectImageType(bytes) !== expected) throw refuse(BodyCode.badRequest, 'api.uploadMismatch', { type: expected.toUpperCase() });
  if (expected === 'svg' && isUnsafeSvg(bytes)) throw refuse(BodyCode.badRequest, 'api.uploadUnsafeSvg');
  const name = `${randomBytes(16).toString('hex')}${IMAGE_EXTENSION[expected]}`;
  await db.insertInto('upload').values({ name, mediaType: IMAGE_MEDIA_TYPE[expected], bytes }).execute();
  return { url: `/uploads/${name}` };
}
