import { errorEnvelopeSchema } from '@taquilla/shared/schemas/envelope';
import { WEBHOOK_EVENT_TYPES, webhookPayloadSchema } from '@taquilla/shared/schemas/webhooks';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classify } from './route-table.ts';

const ERROR = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });
const strip = ({ $schema: _, ...schema }: Record<string, unknown>) => schema;
const WEBHOOK_PAYLOAD = (
  z.toJSONSchema(webhookPayloadSchema, { target: 'openapi-3.0' }) as unknown as {
    definitions: Record<string, unknown>;
  }
).definitions.WebhookPayload;

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The message id (`msg_…`), the same on every retry and resend: deduplicate by it'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed: refuse one more than 5 minutes away'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed by the base64-decoded part of the endpoint secret after `whsec_`; two entries while a rotated secret overlaps',
  ],
] as const;

/**
 * The messages webhook endpoints receive (`x-webhooks`, which Redoc shows for OpenAPI 3.0): one POST
 * per event type, all with the versioned WebhookPayload body and the Standard Webhooks headers.
 */
function webhookOperations() {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}: sent to the endpoints subscribed to it`,
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['webhooks'],
          parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } },
          },
          responses: {
            '200': {
              description:
                'Any 2xx: delivered. 410: the endpoint is disabled. Anything else, or no answer within 10 s: retried with back-off for 3 days',
            },
          },
        },
      },
    ]),
  );
}

/**
 * What /api/docs says about every operation beyond the route's own zod schemas (its hand-written
 * summary, request and success response schemas): a tag when the route gives none (from its path), the
 * bearer security scheme (or none for public operations), and the error envelope. Only the document
 * changes: request handling is the route's own.
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
        apiKeyAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'tqk_…',
          description:
            "An account's API key (Cuenta › Claves de API): FULL, READ_ONLY or DOOR; answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (360 requests a minute per key by default)",
        },
      },
      schemas: { Error: strip(ERROR) },
    },
    security: [{ bearerAuth: [] }, { apiKeyAuth: [] }] as Record<string, string[]>[],
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

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
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * The shared schemas with an id (`.meta({ id: 'Ticket' })`) become `components.schemas`, referenced by
 * the operations (`$ref`), with the same OpenAPI 3.0.3 fix for nullable enums.
 */
export function openapiTransformObject(input: TransformObjectInput) {
  const document = jsonSchemaTransformObject(input);
  const schemas = 'components' in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  nullableEnums(schemas);
  // Every registered schema comes in an input and an output version: keep the ones operations use.
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? value.split('/').at(-1) : undefined;
      if (name !== undefined && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else visit(value);
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  schemas.WebhookPayload = WEBHOOK_PAYLOAD as (typeof schemas)[string];
  return Object.assign(document, { 'x-webhooks': webhookOperations() });
}

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

const NO_BODY_TEXT: Record<string, string> = { 204: 'No content', 304: 'Not modified (ETag)' };
const NO_BODY = Object.keys(NO_BODY_TEXT);
const SUCCESS_TEXT: Record<string, string> = { 200: 'Success', 201: 'Created', 202: 'Accepted' };

/** The OpenAPI 3.0 schema that accepts `null` and nothing else. */
const NULL_ONLY = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0.3 nullability, which zod writes loosely: `nullable: true` does not widen an `enum` (so a
 * nullable enum lists `null` among its values) and means nothing without a `type` (so a nullable
 * reference or union becomes `anyOf: [it, null]`). Fixed in place, everywhere in the schemas.
 */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) nullableEnums(value);
  if (schema.nullable !== true) return;
  if (Array.isArray(schema.enum)) {
    if (!schema.enum.includes(null)) schema.enum.push(null);
  } else if (schema.type === undefined) {
    const { nullable: _, description, ...rest } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    const only = Object.keys(rest).length === 1;
    const alternatives =
      only && Array.isArray(rest.anyOf)
        ? rest.anyOf
        : only && Array.isArray(rest.allOf) && rest.allOf.length === 1
          ? rest.allOf
          : [rest];
    Object.assign(schema, description === undefined ? {} : { description }, {
      anyOf: [...alternatives, { ...NULL_ONLY }],
    });
  }
}

export function openapiTransform(input: TransformInput) {
  // A query taken as a free record (lists with filter_fields[...]) is documented as the list parameters.
  if (input.schema?.querystring instanceof z.ZodRecord) {
    input = { ...input, schema: { ...input.schema, querystring: listQuerySchema } };
  }
  // 204 and 304 have no body (their schema, `z.undefined()`, only types the handler): documented
  // without content.
  const declared = { ...((input.schema?.response as Record<string, unknown> | undefined) ?? {}) };
  const noBody = NO_BODY.filter((code) => code in declared);
  if (noBody.length) {
    for (const code of noBody) delete declared[code];
    input = { ...input, schema: { ...input.schema, response: declared } };
  }
  const out = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
  // A multipart upload (read by the handler, not validated by a body schema) is documented by its parts.
  const { uploadParts, ...rest } = out.schema ?? {};
  if (uploadParts && typeof uploadParts === 'object') {
    out.schema = {
      ...rest,
      body: { type: 'object', properties: uploadParts, required: ['image'] },
      consumes: ['multipart/form-data'],
    };
  }
  const schema = out.schema ?? {};
  if (schema.hide) return out;
  nullableEnums(schema);
  const method = String(input.route.method);
  const url = input.route.url;
  const isPublic = classify(method, url, input.route.config?.access) === 'public';
  const responses = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const code of noBody) responses[code] = { type: 'null', description: NO_BODY_TEXT[code] };
  for (const [code, response] of Object.entries(responses)) {
    if (typeof response === 'object' && response !== null && !('description' in response)) {
      responses[code] = { ...response, description: SUCCESS_TEXT[code] ?? 'Success' };
    }
  }
  out.schema = {
    ...schema,
    tags: (schema.tags as string[] | undefined)?.length ? schema.tags : [tagOf(url)],
    operationId: schema.operationId ?? operationIdOf(method, url),
    ...(isPublic ? { security: [] } : {}),
    response: {
      ...responses,
      '4XX': errorResponse(
        'Refused: bad input (422), not signed in (401), not allowed (403), not found (404), conflict (409), too many requests (429)',
      ),
      '5XX': errorResponse('Unexpected error (500), or the service is unavailable (503)'),
    },
  };
  return out;
}

/** A file answer (exports, calendar files): documented by its media types, never checked as JSON. */
export function fileResponse(description: string, mediaTypes: string[]) {
  const file = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: file }])) };
}

export const SPREADSHEET_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
