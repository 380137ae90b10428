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

export interface PaymentSettings {
  stripe: {
    /** NOT_AVAILABLE: the installation has no platform Stripe keys. */
    state: StripeConnectState;
    account_id: string | null;
    /** The installation's fee on each payment through the connected account; null when none. */
    platform_fee: { percent: number; fixed_cents: number } | null;
  };
  offline_payment_instructions: string | null;
  /** Simulated card payments are on in this installation (no real money). */
  test_payments: boolean;
  /** A real provider can take payments: Stripe charges enabled, or offline instructions set. */
  real_provider_ready: boolean;
}

export interface StripeConnectStart {
  url: string;
}
