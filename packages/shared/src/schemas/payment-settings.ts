import { z } from 'zod';

/** The account's payment settings (GET/PUT /api/accounts/me/payment-settings). */
export const STRIPE_CONNECT_STATES = [
  'NOT_AVAILABLE',
  'NOT_CONNECTED',
  'ONBOARDING_INCOMPLETE',
  'CHARGES_ENABLED',
] as const;
export type StripeConnectState = (typeof STRIPE_CONNECT_STATES)[number];

export const updatePaymentSettingsSchema = z.strictObject({
  /** Default instructions for offline payments (bank transfer, pay at the door); new events start with them. */
  offline_payment_instructions: z
    .string({ error: 'payment_settings.instructions_length' })
    .trim()
    .max(5000, { error: 'payment_settings.instructions_length' })
    .nullable()
    .transform((v) => v || null),
});
export type UpdatePaymentSettingsInput = z.infer<typeof updatePaymentSettingsSchema>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const paymentSettingsSchema = z
  .object({
    stripe: z.object({
      /** NOT_AVAILABLE: the installation has no platform Stripe keys. */
      state: z.enum(STRIPE_CONNECT_STATES),
      account_id: z.string().nullable(),
      /** The installation's fee on each payment through the connected account; null when none. */
      platform_fee: z
        .object({
          percent: z.number(),
          fixed_cents: z.number(),
        })
        .nullable(),
    }),
    offline_payment_instructions: z.string().nullable(),
    /** Simulated card payments are on in this installation (no real money). */
    test_payments: z.boolean(),
    /** A real provider can take payments: Stripe charges enabled, or offline instructions set. */
    real_provider_ready: z.boolean(),
  })
  .meta({ id: 'PaymentSettings' });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const stripeConnectStartSchema = z
  .object({
    url: z.string(),
  })
  .meta({ id: 'StripeConnectStart' });
export type StripeConnectStart = z.infer<typeof stripeConnectStartSchema>;
