import { z } from 'zod';
import { publicImageSchema } from './public.ts';

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const publicEventSummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    timezone: z.string(),
    currency: z.string(),
    location: z.record(z.string(), z.string().optional()),
    organizer: z.object({
      id: z.string(),
      name: z.string(),
    }),
    cover: publicImageSchema.nullable(),
  })
  .meta({ id: 'PublicEventSummary' });
export type PublicEventSummary = z.infer<typeof publicEventSummarySchema>;
