import {
  emailTemplateInput,
  emailTemplateKeyQuery,
  emailTemplateSchema,
} from '@taquilla/shared/schemas/email-templates';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './email-templates.service.ts';

const eventParams = z.object({ id: z.uuid() });

/**
 * The organizer's e-mail texts: the account's (/accounts/me/email-templates, `account:manage`) and an
 * event's (/events/{id}/email-templates: read with `events:read`, changed with `events:manage`). One kind
 * and language at a time; the preview and test send are `email-previews`'.
 */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['email-templates'];
  const list = dataEnvelope(z.array(emailTemplateSchema));
  const item = dataEnvelope(emailTemplateSchema);

  app.get(
    '/accounts/me/email-templates',
    {
      schema: {
        tags,
        summary: "The account's e-mail texts: every kind in every language, or those of `kind` and `locale`",
        querystring: emailTemplateKeyQuery,
        response: { 200: list },
      },
    },
    async (request) => ({
      data: await service.listTemplates(app.deps, requireAuth(request), null, request.query),
    }),
  );
  app.put(
    '/accounts/me/email-templates',
    {
      schema: {
        tags,
        summary: "Save the account's texts of one kind of e-mail in one language (all empty: reset)",
        body: emailTemplateInput,
        response: { 200: item },
      },
    },
    async (request) => ({
      data: await service.saveTemplate(app.deps, requireAuth(request), null, request.body),
    }),
  );
  app.delete(
    '/accounts/me/email-templates',
    {
      schema: {
        tags,
        summary: "Reset the account's texts of one kind and language to the built-in ones",
        querystring: emailTemplateKeyQuery,
        response: { 200: item },
      },
    },
    async (request) => ({
      data: await service.resetTemplate(app.deps, requireAuth(request), null, request.query),
    }),
  );

  app.get(
    '/events/:id/email-templates',
    {
      schema: {
        tags,
        summary:
          "An event's e-mail texts, with the account's ones they override (`kind`, `locale`: only those)",
        params: eventParams,
        querystring: emailTemplateKeyQuery,
        response: { 200: list },
      },
    },
    async (request) => ({
      data: await service.listTemplates(app.deps, requireAuth(request), request.params.id, request.query),
    }),
  );
  app.put(
    '/events/:id/email-templates',
    {
      schema: {
        tags,
        summary: "Save an event's texts of one kind of e-mail in one language (all empty: reset)",
        params: eventParams,
        body: emailTemplateInput,
        response: { 200: item },
      },
    },
    async (request) => ({
      data: await service.saveTemplate(app.deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/events/:id/email-templates',
    {
      schema: {
        tags,
        summary: "Reset an event's texts of one kind and language (the account's or built-in ones apply)",
        params: eventParams,
        querystring: emailTemplateKeyQuery,
        response: { 200: item },
      },
    },
    async (request) => ({
      data: await service.resetTemplate(app.deps, requireAuth(request), request.params.id, request.query),
    }),
  );
};
