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

export interface Organizer {
  id: string;
  name: string;
  email: string | null;
  website: string | null;
  description: string | null;
  logo_url: string | null;
  events_count: number;
  created_at: string;
  updated_at: string;
}
