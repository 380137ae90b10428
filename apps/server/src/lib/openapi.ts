import { dataEnvelopeSchema, errorEnvelopeSchema } from '@taquilla/shared/schemas/envelope';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classify } from './route-table.ts';

/**
 * What /api/docs says about every operation beyond the route's own zod schemas: a tag and a summary
 * when the route gives none (from its path), the bearer security scheme (or none for public
 * operations), and the success and error envelopes as responses. Only the document changes: request
 * handling is the route's own.
 */
export const openapiDocument = {
  openapi: {
    info: {
      title: 'Taquilla API',
      version: '1.0.0',
      description:
        'Event ticketing. JSON in snake_case; answers are `{ data }` (lists add `meta`) or ' +
        '`{ error: { code, message, fields } }` with the message in the request locale (`Accept-Language` or the `locale` cookie: es, en).',
      license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description:
            'The token from POST /api/auth/login (or register); renewed in the `x-auth-token` header',
        },
      },
    },
    security: [{ bearerAuth: [] }],
  },
};

const ERROR = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });
const DATA = z.toJSONSchema(dataEnvelopeSchema, { target: 'openapi-3.0', unrepresentable: 'any' });
const strip = ({ $schema: _, ...schema }: Record<string, unknown>) => schema;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: strip(ERROR) } },
});

const VERB: Record<string, string> = {
  GET: 'Get',
  POST: 'Create',
  PUT: 'Update',
  PATCH: 'Update',
  DELETE: 'Delete',
};
const human = (segment: string) => segment.replace(/[-_]/g, ' ');

/** "List tickets", "Get ticket", "Update promo codes", "Mark paid (orders)"… from the method and path. */
export function summaryOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const named = parts.filter((p) => !p.startsWith(':'));
  const noun = human(named.at(-1) ?? 'resource');
  if (last.startsWith(':')) return `${VERB[method] ?? method} ${noun.replace(/s$/, '')}`;
  if (method === 'GET') return `List ${noun}`;
  if (method === 'POST' && parts.length > 1 && parts.at(-2)?.startsWith(':')) {
    const parent = human(named.at(-2) ?? '');
    return noun.endsWith('s')
      ? `Create ${noun.replace(/s$/, '')} (${parent})`
      : `${noun[0]?.toUpperCase()}${noun.slice(1)} (${parent})`;
  }
  return `${VERB[method] ?? method} ${noun}`;
}

/** The tag: the resource the path is about (`/api/events/:id/tickets` → tickets). */
export function tagOf(url: string): string {
  const named = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter((p) => p && !p.startsWith(':') && p !== 'public' && p !== 'me');
  if (named[0] === 'events' && named.length > 1) return named[1] ?? 'events';
  return named[0] ?? 'api';
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The list parameters every list endpoint reads (lib/pagination.ts), for lists that take any query. */
const listQuerySchema = z.object({
  page: z.string().optional().meta({ description: 'Page number, from 1' }),
  per_page: z.string().optional().meta({ description: 'Items per page, 1 to 100' }),
  query: z.string().optional().meta({ description: 'Search text' }),
  sort_by: z.string().optional().meta({ description: 'A sortable field of this list' }),
  sort_direction: z.enum(['asc', 'desc']).optional(),
});

/** `getEventsByIdTickets` from `GET /api/events/:id/tickets`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/_-]/)
    .filter(Boolean)
    .map((w) =>
      w.startsWith(':') ? `By${w[1]?.toUpperCase()}${w.slice(2)}` : `${w[0]?.toUpperCase()}${w.slice(1)}`,
    );
  return `${method.toLowerCase()}${words.join('')}`;
}

export function openapiTransform(input: TransformInput) {
  // A query taken as a free record (lists with filter_fields[...]) is documented as the list parameters.
  if (input.schema?.querystring instanceof z.ZodRecord) {
    input = { ...input, schema: { ...input.schema, querystring: listQuerySchema } };
  }
  const out = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
  const schema = out.schema ?? {};
  if (schema.hide) return out;
  const method = String(input.route.method);
  const url = input.route.url;
  const isPublic = classify(method, url, input.route.config?.access) === 'public';
  const responses = (schema.response as Record<string, unknown> | undefined) ?? {};
  const hasSuccess = Object.keys(responses).some((code) => code.startsWith('2'));
  out.schema = {
    ...schema,
    tags: (schema.tags as string[] | undefined)?.length ? schema.tags : [tagOf(url)],
    summary: schema.summary ?? summaryOf(method, url),
    operationId: schema.operationId ?? operationIdOf(method, url),
    ...(isPublic ? { security: [] } : {}),
    response: {
      ...(hasSuccess
        ? {}
        : { '2XX': { description: 'Success', content: { 'application/json': { schema: strip(DATA) } } } }),
      ...responses,
      '4XX': errorResponse(
        'Refused: bad input (422), not signed in (401), not allowed (403), not found (404), conflict (409), too many requests (429)',
      ),
      '5XX': errorResponse('Unexpected error (500), or the service is unavailable (503)'),
    },
  };
  return out;
}
