import { z } from 'zod';
import { timezoneSchema } from './auth.ts';

/** Account settings (GET/PUT /api/accounts/me). */
export function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const known = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency');
  return known ? known.includes(value) : true;
}

export const currencySchema = z
  .string({ error: 'accounts.currency_invalid' })
  .trim()
  .toUpperCase()
  .refine(isCurrency, { error: 'accounts.currency_invalid' });

export const updateAccountSchema = z.strictObject({
  name: z
    .string({ error: 'accounts.name_length' })
    .trim()
    .min(1, { error: 'accounts.name_length' })
    .max(149, { error: 'accounts.name_length' }),
  currency: currencySchema,
  timezone: timezoneSchema,
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const accountSettingsSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    timezone: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
