import { z } from 'zod';

/** The API's answer envelopes (DESIGN §4), as documented in /api/docs. */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine code, e.g. VALIDATION_FAILED, NOT_FOUND' }),
      message: z.string().meta({ description: "Translated to the request's locale (es, en)" }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Per-field messages, keyed by the field path' }),
    }),
  })
  .meta({ description: 'Error envelope' });

export const listMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

/** `{ data }` around one resource: the documented success answer of a route (and its type). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ data, meta }`: one page of a list (lib/pagination.ts on the server). */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

/** A 204 answer: no body (documented without content; `reply.status(204).send()`). */
export const noContent = z.undefined();
