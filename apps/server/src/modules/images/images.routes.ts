import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { dataEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { eventImageSchema } from '@taquilla/shared/schemas/events';
import { organizerSchema } from '@taquilla/shared/schemas/organizers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import * as service from './images.service.ts';
import { MAX_IMAGE_BYTES, uploadsDir } from './images.storage.ts';

/** Reads the `image` file and the `type` field of a multipart upload (fields may come in any order). */
async function readUpload(request: FastifyRequest) {
  let buffer: Buffer | undefined;
  let type: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'image') buffer = data;
    } else if (part.fieldname === 'type') {
      type = String(part.value);
    }
  }
  return { buffer, type };
}

const eventParams = z.object({ id: z.uuid() });
/** The parts of the uploads, for /api/docs (lib/openapi.ts turns them into a multipart request body). */
const image = { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP' };
const LOGO_PARTS = { image };
const EVENT_IMAGE_PARTS = { image, type: { type: 'string', enum: ['EVENT_COVER'] } };
const imageParams = z.object({ id: z.uuid(), imageId: z.uuid() });

/** Authenticated image API under /api. */
export const imageRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;
  await fastify.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
  });

  fastify.get(
    '/events/:id/images',
    {
      schema: {
        summary: "List an event's images",
        params: eventParams,
        response: { 200: dataEnvelope(z.array(eventImageSchema)) },
      },
    },
    async (request) => ({
      data: await service.listEventImages(deps(), requireAuth(request), request.params.id),
    }),
  );

  fastify.post(
    '/events/:id/images',
    {
      schema: {
        summary: 'Upload an event image (multipart: `image` file, `type` field)',
        params: eventParams,
        uploadParts: EVENT_IMAGE_PARTS,
        response: { 201: dataEnvelope(eventImageSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request);
      const data = await service.uploadEventImage(deps(), auth, request.params.id, upload);
      return reply.status(201).send({ data });
    },
  );

  fastify.delete(
    '/events/:id/images/:imageId',
    { schema: { summary: 'Delete an event image', params: imageParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteEventImage(deps(), requireAuth(request), request.params.id, request.params.imageId);
      return reply.status(204).send();
    },
  );

  fastify.post(
    '/organizers/:id/logo',
    {
      schema: {
        summary: "Upload an organizer's logo (multipart: `image` file)",
        params: eventParams,
        uploadParts: LOGO_PARTS,
        response: { 200: dataEnvelope(organizerSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { buffer } = await readUpload(request);
      return { data: await service.uploadOrganizerLogo(deps(), auth, request.params.id, buffer) };
    },
  );

  fastify.delete(
    '/organizers/:id/logo',
    {
      schema: {
        summary: "Remove an organizer's logo",
        params: eventParams,
        response: { 200: dataEnvelope(organizerSchema) },
      },
    },
    async (request) => ({
      data: await service.deleteOrganizerLogo(deps(), requireAuth(request), request.params.id),
    }),
  );
};

const fileParams = z.object({ account: z.string(), file: z.string() });
const VARIANT_PATH = /^[0-9a-f-]{36}\/[0-9a-f-]{36}-\d{2,4}\.webp$/;

/** Public files: /uploads/<account>/<uuid>-<width>.webp. Names never change content, so they cache forever. */
export const uploadFileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/uploads/:account/:file',
    { schema: { hide: true, params: fileParams } },
    async (request, reply) => {
      const { account, file } = request.params;
      const relative = `${account}/${file}`;
      if (!VARIANT_PATH.test(relative)) throw notFound();
      const full = path.join(uploadsDir(fastify.deps.config.dataDir), relative);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(createReadStream(full));
    },
  );
};
