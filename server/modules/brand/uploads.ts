import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { IMAGE_EXTENSION, IMAGE_MEDIA_TYPE, type ImageType } from './imageType';

/** The names `storeBrandImage` gives: 32 hex digits and an image extension. Nothing else is looked up. */
const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|ico|svg)$/;

const MEDIA_TYPE_OF_EXTENSION = Object.fromEntries(
  (Object.entries(IMAGE_EXTENSION) as Array<[ImageType, string]>).map(([kind, extension]) => [extension, IMAGE_MEDIA_TYPE[kind]]),
);

/**
 * GET /uploads/<name>: an uploaded image, from the database, so every instance serves what any
 * of them stored (docs/DECISIONS.md "Shared state across instances"). Images uploaded by a
 * version that kept them on disk are still read from `uploadsDir` when the database has no such
 * name. Names are random and never reused, so the answer is cached for good; an image opened on
 * its own (SVG included) must not run anything in our origin.
 */
export function registerUploadRoute(app: FastifyInstance, db: Db, uploadsDir: string): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const found = UPLOAD_NAME.test(name) ? await imageNamed(db, uploadsDir, name) : undefined;
    if (!found) return reply.callNotFound();
    return reply
      .header('Content-Type', found.mediaType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .send(found.bytes);
  });
}

async function imageNamed(db: Db, uploadsDir: string, name: string): Promise<{ mediaType: string; bytes: Buffer } | undefined> {
  const row = await db.selectFrom('upload').select(['mediaType', 'bytes']).where('name', '=', name).executeTakeFirst();
  if (row) return { mediaType: row.mediaType, bytes: Buffer.from(row.bytes) };
  const bytes = await fs.readFile(path.join(uploadsDir, name)).catch(() => undefined);
  return bytes ? { mediaType: MEDIA_TYPE_OF_EXTENSION[path.extname(name)], bytes } : undefined;
}
