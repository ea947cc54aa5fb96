import multipart from '@fastify/multipart';
import { refusals } from '../refusals';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf, type Guards } from '../auth/guards';
import { IdParams } from '../../../contract/common';
import {
  ImageParams,
  ImageUploadForm,
  ImageUploadQuery,
  ImageUploadResponse,
} from '../schemas/images';
import {
  IMAGE_TOO_LARGE,
  IMAGE_TYPES_IN_WORDS,
  MAX_IMAGE_BYTES,
  type ImageSize,
} from '../../../contract/imageLimits';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn } from '../docs/describe';
import { HttpError } from '../http/errors';
import {
  assertRoomForAnotherPicture,
  findVariant,
  imagePath,
  saveUpload,
  type ImagePolicy,
} from '../images/imageTable';
import { forwardToImgbb } from '../images/imgbb';
import { reencode } from '../images/reencode';
import { UploadPlaces } from '../images/turns';

export interface ImageRouteDeps {
  db: Db;
  guards: Guards;
  policy: ImagePolicy;
  /** Set when pictures go on to imgbb (IMGBB_KEY). */
  imgbb: { uploadUrl: string; key: string } | null;
}

const Picture = {
  description: 'The picture (WebP)',
  content: { 'image/webp': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

export const imageRoutes: FastifyPluginAsyncTypebox<ImageRouteDeps> = async (
  app,
  { db, guards, policy, imgbb },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });
  // Uploads one account has under way: each holds its file in memory until it is answered.
  const places = new UploadPlaces();

  /**
   * imgbb-compatible upload: multipart field `image`; answers `{ success, data: { url } }`. The
   * picture is decoded and re-encoded into the sizes the store shows; only those are kept.
   */
  app.post(
    '/images',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'uploadImage',
        summary: `Upload a picture (${IMAGE_TYPES_IN_WORDS}; re-encoded as WebP)`,
        tags: ['images'],
        security: signedIn,
        querystring: ImageUploadQuery,
        // Documents the form; the handler reads the upload as a stream and checks it itself.
        body: { content: { 'multipart/form-data': { schema: ImageUploadForm } } },
        response: { 200: ImageUploadResponse, ...failures(400, 401, 409, 413, 429, 502) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(400, refusals.images.sendAsForm);
      }
      const uploader = identityOf(request).email;
      // Before the file is read: an account over its uploads under way is refused (429).
      const place = places.enter(uploader);
      try {
        return await receive(request, uploader);
      } finally {
        place.leave();
      }
    },
  );

  async function receive(request: FastifyRequest, uploader: string) {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') {
      throw new HttpError(400, refusals.images.sendAsForm);
    }
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, IMAGE_TOO_LARGE);
      }
      throw err;
    }
    if (file.file.truncated) throw new HttpError(413, IMAGE_TOO_LARGE);

    await assertRoomForAnotherPicture(db, uploader, policy);
    const variants = await reencode(bytes, uploader);
    let id: string;
    let url: string;
    if (imgbb) {
      const details = variants.find((v) => v.size === 'details')!;
      url = await forwardToImgbb(imgbb.uploadUrl, imgbb.key, details.bytes);
      id = await saveUpload(db, uploader, [], policy, { url, bytes: details.bytes.length });
    } else {
      id = await saveUpload(db, uploader, variants, policy);
      url = imagePath(id);
    }
    const size = variants.reduce((sum, v) => sum + v.bytes.length, 0);
    return {
      success: true as const,
      status: 200,
      data: { id, url, display_url: url, size, mime: 'image/webp' },
    };
  }

  async function serve(reply: FastifyReply, id: string, size: ImageSize) {
    const variant = await findVariant(db, id, size);
    if (!variant) throw new HttpError(404, refusals.images.none);
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(variant.bytes));
  }

  app.get(
    '/images/:id',
    {
      schema: {
        operationId: 'getImage',
        summary: 'A picture, at the product-details size',
        tags: ['images'],
        security: publicCall,
        params: IdParams,
        response: { 200: Picture, ...failures(400, 404) },
      },
    },
    (request, reply) => serve(reply, request.params.id, 'details'),
  );

  app.get(
    '/images/:id/:size',
    {
      schema: {
        operationId: 'getImageSize',
        summary: 'A picture at one of the sizes the store shows (card, details, avatar)',
        tags: ['images'],
        security: publicCall,
        params: ImageParams,
        response: { 200: Picture, ...failures(400, 404) },
      },
    },
    (request, reply) => serve(reply, request.params.id, request.params.size),
  );
};
