/**
 * What an uploaded brand image really is, read from its first bytes: the
 * Content-Type a client sends is a claim, not a fact.
 */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'ico' | 'svg';

export const IMAGE_EXTENSION: Record<ImageType, string> = { png: '.png', jpeg: '.jpg', webp: '.webp', ico: '.ico', svg: '.svg' };

/** The media type an image of each kind is served with. */
export const IMAGE_MEDIA_TYPE: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/** Declared media types and the content each must have. */
export const MEDIA_TYPE_IMAGE: Record<string, ImageType> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/svg+xml': 'svg',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Everything that may precede an SVG's root element: BOM, XML declaration, comments, doctype. */
const SVG_PROLOGUE = /^(?:\uFEFF|\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)*/i;

export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (bytes.length >= 6 && startsWith(bytes, [0, 0, 1, 0]) && bytes.readUInt16LE(4) > 0) return 'ico';
  if (!bytes.includes(0)) {
    const text = bytes.toString('utf8');
    if (/^<svg[\s>]/i.test(text.replace(SVG_PROLOGUE, ''))) return 'svg';
  }
  return undefined;
}

/**
 * An SVG opened from /uploads/ runs in our origin: anything that can execute or
 * pull in outside content is refused (the uploads are also served with a sandboxing CSP).
 */
export function isUnsafeSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  return /<script|<foreignObject|<iframe|<embed|<object|<!ENTITY|javascript:|\son[a-z]+\s*=|(?:xlink:)?href\s*=\s*["']?\s*(?!#|data:image\/)[a-z]/i.test(
    text,
  );
}
