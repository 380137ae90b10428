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

/** Where an incremental snapshot stands (the door's `…/snapshot?since=`): ask again from `version`. */
export const syncMetaSchema = z.object({
  version: z.string(),
  complete: z.boolean(),
});

/**
 * Any successful JSON answer: one resource `{ data }`, a list `{ data, meta }` (pages), or a page of an
 * incremental snapshot `{ data, meta }` (its version).
 */
export const dataEnvelopeSchema = z
  .looseObject({ data: z.unknown(), meta: z.union([listMetaSchema, syncMetaSchema]).optional() })
  .meta({
    description: 'Success: `{ data }`, or `{ data, meta }` for lists (pages) and snapshots (version)',
  });
