import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiPath } from '../../../src/contract/apiPaths';
import { BRAND_UPLOAD_MAX_BYTES, brandUploadResult } from '../../../src/contract/schemas/brand';
import { BodyCode } from '../../../src/contract/envelope';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { serveVerbs } from '../../http/verbs';
import { brandVerbs } from '../../../src/contract/verbs/brand';
import { recordAuditEvent } from '../auditLog/record';
import { ApiError } from '../../http/apiError';
import { readBrand, storeBrandImage, updateBrand } from './service';

/** @fastify/multipart's refusals, as the envelope's codes and sentences. */
const multipartRefusals: Record<string, { code: ApiError['code']; key: string }> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 415, key: 'api.multipartRequired' },
  FST_REQ_FILE_TOO_LARGE: { code: 413, key: 'api.uploadTooLarge' },
  FST_FILES_LIMIT: { code: BodyCode.badRequest, key: 'api.uploadOneFile' },
  FST_PARTS_LIMIT: { code: BodyCode.badRequest, key: 'api.uploadOneFile' },
  FST_FIELDS_LIMIT: { code: BodyCode.badRequest, key: 'api.uploadOneFile' },
  FST_PROTO_VIOLATION: { code: BodyCode.badRequest, key: 'api.uploadMissing' },
  FST_MP_PREMATURE_CLOSE: { code: BodyCode.badRequest, key: 'api.uploadMissing' },
};

/**
 * What reading the parts threw: only the body can fail there (nothing else runs), so an error
 * the map does not name (busboy's "Unexpected end of form" of an unterminated body) is a
 * malformed upload too, never a fault.
 */
const asApiError = (error: unknown) => {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  const refusal = (typeof code === 'string' ? multipartRefusals[code] : undefined) ?? {
    code: BodyCode.badRequest,
    key: 'api.uploadMalformed',
  };
  return new ApiError(refusal.code, refusal.key, { params: { max: BRAND_UPLOAD_MAX_BYTES / 1024 } });
};

/** Brand configuration (docs/console.md): read by everyone before sign-in, changed by the operator row only. */
export function registerBrandRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  serveVerbs(brandVerbs, () => ({
    get: async () => readBrand(db),
    update: async ({ body }) => updateBrand(db, body, context.now()),
  }))(app, context);

  // Multipart is parsed for the upload route alone: every other call stays JSON-only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BRAND_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    defineRoute(scope, context, {
      method: 'POST',
      path: ApiPath.brand.upload,
      summary: 'Upload a brand image: multipart/form-data with one file (PNG, SVG, ICO, JPEG or WebP, at most 512 KB)',
      access: 'brand.edit',
      response: brandUploadResult,
      retry: false,
      handler: async ({ request }) => {
        let file: { mimetype: string; bytes: Buffer } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (file) throw new ApiError(BodyCode.badRequest, 'api.uploadOneFile');
            file = { mimetype: part.mimetype, bytes: await part.toBuffer() };
          }
        } catch (error) {
          throw asApiError(error);
        }
        if (!file) throw new ApiError(BodyCode.badRequest, 'api.uploadMissing');
        const stored = await storeBrandImage(context.db, file.mimetype, file.bytes);
        // A file, not a row: the upload is its own audit event (the brand changes when it is saved).
        await recordAuditEvent(context.db, { action: 'create', entity: 'brand', entityId: null, after: { upload: stored.url } });
        return stored;
      },
    });
  });
}
