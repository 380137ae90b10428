import { z } from 'zod';

/** Organizers: the public brand an event is run under (DESIGN §1). */
const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const createOrganizerSchema = z.strictObject({
  name: z.string().trim().min(1).max(149, { error: 'organizers.name_too_long' }),
  email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  website: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullish()
    .or(z.literal('').transform(() => null)),
  description: optionalText(5000),
});
export const updateOrganizerSchema = createOrganizerSchema.partial();

export type CreateOrganizerInput = z.infer<typeof createOrganizerSchema>;
export type UpdateOrganizerInput = z.infer<typeof updateOrganizerSchema>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const organizerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    events_count: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Organizer' });
export type Organizer = z.infer<typeof organizerSchema>;
