import {
  passkitDeviceParams,
  passkitLogBody,
  passkitPassParams,
  passkitRegistrationBody,
  passkitRegistrationParams,
  passkitSerials,
  passkitUpdatedQuery,
} from '@taquilla/shared/schemas/passkit';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/openapi.ts';
import { throttle } from '../../lib/throttle.ts';
import * as service from './passkit.service.ts';
import { ticketDocumentsMessages as m } from './ticket-documents.messages.ts';

/** Requests one address may make to the web service a minute (a phone updating many passes stays under). */
const PASSKIT_REQUESTS_PER_MINUTE = 300;

const empty = (description: string) => z.null().describe(description);

/**
 * Apple's PassKit web service, at the `webServiceURL` the passes name (`/api/public/passkit`): Wallet registers
 * and unregisters a device for a pass, asks which of its passes changed, fetches the latest pass and
 * sends its logs. Authenticated by the pass's own token (`Authorization: ApplePass <token>`), no login.
 * 404 while the service is off (no Apple Wallet, or APP_URL not https).
 */
export const passkitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['ticket-documents'];
  const config = { access: 'public' as const };
  const limit = throttle(
    app,
    [{ name: 'passkit', max: PASSKIT_REQUESTS_PER_MINUTE, windowMs: 60_000, key: (request) => request.ip }],
    m['ticket_documents.passkit_rate_limited'],
  );
  const registration =
    '/public/passkit/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  app.post(
    registration,
    {
      config,
      preHandler: limit,
      schema: {
        tags,
        summary: 'PassKit: register a device for updates of a pass (201 new, 200 already registered)',
        params: passkitRegistrationParams,
        body: passkitRegistrationBody,
        response: { 200: empty('Already registered'), 201: empty('Registered') },
      },
    },
    async (request, reply) => {
      const created = await service.registerDevice(
        deps,
        request.params,
        request.headers.authorization,
        request.body.pushToken,
      );
      return reply.code(created ? 201 : 200).send(null);
    },
  );
  app.delete(
    registration,
    {
      config,
      preHandler: limit,
      schema: {
        tags,
        summary: 'PassKit: unregister a device from a pass',
        params: passkitRegistrationParams,
        response: { 200: empty('Unregistered') },
      },
    },
    async (request, reply) => {
      await service.unregisterDevice(deps, request.params, request.headers.authorization);
      return reply.code(200).send(null);
    },
  );
  app.get(
    '/public/passkit/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    {
      config,
      preHandler: limit,
      schema: {
        tags,
        summary: "PassKit: the serial numbers of a device's passes changed since a tag (204: none)",
        params: passkitDeviceParams,
        querystring: passkitUpdatedQuery,
        response: { 200: passkitSerials, 204: empty('No pass changed') },
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
      const answer = await service.updatedPasses(
        deps,
        deviceLibraryIdentifier,
        passTypeIdentifier,
        request.query.passesUpdatedSince,
      );
      reply.header('cache-control', 'no-store');
      return answer ? reply.send(answer) : (reply as FastifyReply).code(204).send();
    },
  );
  app.get(
    '/public/passkit/v1/passes/:passTypeIdentifier/:serialNumber',
    {
      config,
      preHandler: limit,
      schema: {
        tags,
        summary: 'PassKit: the latest version of a pass (304 when unchanged since If-Modified-Since)',
        params: passkitPassParams,
        response: {
          200: fileResponse('The signed pass', ['application/vnd.apple.pkpass']),
          304: empty('Not changed'),
        },
      },
    },
    async (request, reply) => {
      const since = request.headers['if-modified-since'];
      const sinceDate = since ? new Date(since) : null;
      const pass = await service.latestPass(
        deps,
        request.params.passTypeIdentifier,
        request.params.serialNumber,
        request.headers.authorization,
        sinceDate && !Number.isNaN(sinceDate.getTime()) ? sinceDate : null,
      );
      reply.header('last-modified', pass.lastModified.toUTCString()).header('cache-control', 'no-cache');
      if (!pass.body) return (reply as FastifyReply).code(304).send();
      return (reply as FastifyReply).type('application/vnd.apple.pkpass').send(pass.body);
    },
  );
  app.post(
    '/public/passkit/v1/log',
    {
      config,
      preHandler: limit,
      schema: {
        tags,
        summary: "PassKit: Wallet's error messages about this web service, written to the server log",
        body: passkitLogBody,
        response: { 200: empty('Logged') },
      },
    },
    async (request, reply) => {
      for (const line of request.body.logs) request.log.warn({ passkit: line }, 'Apple Wallet log');
      return reply.code(200).send(null);
    },
  );
};
