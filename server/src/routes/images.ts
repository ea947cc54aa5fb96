import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { filetypeinfo } from 'magic-bytes.js';
import { identityOf, type Guards } from '../auth/guards';
import { ErrorResponse, IdParams } from '../contract/common';
import { ImageUploadQuery, ImageUploadResponse, MAX_IMAGE_BYTES } from '../contract/images';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { HttpError } from '../http/errors';

/** Raster formats browsers show. SVG is refused: it can carry script. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** The image type the bytes themselves say, whatever the file name or header claim. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const found = filetypeinfo(bytes).find((info) => info.mime && ACCEPTED.has(info.mime));
  return found?.mime ?? null;
}

export const imageRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  /** imgbb-compatible upload: multipart field `image`; answers `{ success, data: { url } }`. */
  app.post(
    '/images',
    {
      preValidation: guards.requireUser,
      schema: {
        querystring: ImageUploadQuery,
        response: {
          200: ImageUploadResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          413: ErrorResponse,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Send the picture as multipart/form-data in the field "image".');
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'image') {
        throw new HttpError(400, 'Send the picture as multipart/form-data in the field "image".');
      }
      const tooLarge = `The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, tooLarge);
        }
        throw err;
      }
      if (file.file.truncated) throw new HttpError(413, tooLarge);
      const mime = sniffImageType(bytes);
      if (!mime) {
        throw new HttpError(400, 'Only JPEG, PNG, GIF, WebP or AVIF pictures can be uploaded.');
      }
      const [row] = await db
        .insert(images)
        .values({
          contentType: mime,
          bytes,
          size: bytes.length,
          uploaderEmail: identityOf(request).email,
        })
        .returning({ id: images.id });
      if (!row) throw new Error('image insert returned nothing');
      const url = `/api/images/${row.id}`;
      return {
        success: true as const,
        status: 200,
        data: { id: row.id, url, display_url: url, size: bytes.length, mime },
      };
    },
  );

  app.get(
    '/images/:id',
    {
      schema: {
        params: IdParams,
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'The picture',
          }),
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const [row] = await db.select().from(images).where(eq(images.id, request.params.id));
      if (!row) throw new HttpError(404, 'No image with this id.');
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(row.bytes));
    },
  );
};
