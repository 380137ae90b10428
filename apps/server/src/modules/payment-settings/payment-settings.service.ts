import type {
  PaymentSettings,
  StripeConnectStart,
  StripeConnectState,
  UpdatePaymentSettingsInput,
} from '@taquilla/shared/schemas/payment-settings';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps, DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import * as audit from '../audit/audit.service.ts';
import { stripeClient, stripeConfigured } from '../payments/stripe.ts';
import { paymentSettingsMessages as m } from './payment-settings.messages.ts';
import * as repo from './payment-settings.repository.ts';

/**
 * Where an account's money goes: its own Stripe account connected to the installation's platform
 * (Stripe Connect, onboarding through Stripe's account links) and its default offline instructions.
 * Admins only (ORGANIZER: 403); always the caller's own account.
 */
type Deps = Pick<AppDeps, 'db' | 'config'> & { log?: FastifyBaseLogger };

const stripeFailed = () =>
  new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', m['payment_settings.stripe_failed']);

function connectState(config: Config, row: repo.PaymentSettingsRow | undefined): StripeConnectState {
  if (!stripeConfigured(config)) return 'NOT_AVAILABLE';
  if (!row?.stripe_account_id) return 'NOT_CONNECTED';
  return row.stripe_charges_enabled ? 'CHARGES_ENABLED' : 'ONBOARDING_INCOMPLETE';
}

function present(config: Config, row: repo.PaymentSettingsRow | undefined): PaymentSettings {
  const state = connectState(config, row);
  const fee = config.stripe.platformFee;
  const offline = row?.offline_payment_instructions ?? null;
  return {
    stripe: {
      state,
      account_id: state === 'NOT_AVAILABLE' ? null : (row?.stripe_account_id ?? null),
      platform_fee: fee ? { percent: fee.percent, fixed_cents: fee.fixedCents } : null,
    },
    offline_payment_instructions: offline,
    test_payments: config.testPayments,
    real_provider_ready: state === 'CHARGES_ENABLED' || Boolean(offline),
  };
}

/** Copies Stripe's view of a connected account into the row that holds it. */
async function storeAccountFlags(q: Queryable, account: Stripe.Account) {
  return repo.updateByStripeAccount(q, account.id, {
    stripe_details_submitted: Boolean(account.details_submitted),
    stripe_charges_enabled: Boolean(account.charges_enabled),
  });
}

/**
 * `refresh`: ask Stripe about an account still onboarding (the admin is back from Stripe's pages and
 * the webhook may not have arrived yet).
 */
export async function getPaymentSettings(deps: Deps, auth: AuthContext, opts: { refresh?: boolean } = {}) {
  assertCan(auth, 'payments:manage');
  let row = await repo.findSettings(deps.db, auth.accountId);
  if (opts.refresh && connectState(deps.config, row) === 'ONBOARDING_INCOMPLETE' && row?.stripe_account_id) {
    try {
      await storeAccountFlags(
        deps.db,
        await stripeClient(deps.config).accounts.retrieve(row.stripe_account_id),
      );
      row = await repo.findSettings(deps.db, auth.accountId);
    } catch (err) {
      deps.log?.error({ err }, 'stripe account could not be read');
      throw stripeFailed();
    }
  }
  return present(deps.config, row);
}

export async function updatePaymentSettings(
  deps: Deps,
  auth: AuthContext,
  input: UpdatePaymentSettingsInput,
) {
  assertCan(auth, 'payments:manage');
  const before = await repo.findSettings(deps.db, auth.accountId);
  const row = await repo.saveSettings(deps.db, auth.accountId, {
    offline_payment_instructions: input.offline_payment_instructions,
  });
  await audit.record(deps.db, {
    action: 'payment_settings.updated',
    changes: audit.changesBetween(before, row, ['offline_payment_instructions']),
  });
  return present(deps.config, row);
}

/**
 * Starts or resumes onboarding: creates the account's Stripe account once, then a fresh account link
 * (links are single-use and expire; Stripe sends the admin to `refresh_url` for a new one).
 */
export async function startStripeConnect(deps: Deps, auth: AuthContext): Promise<StripeConnectStart> {
  assertCan(auth, 'payments:manage');
  if (!stripeConfigured(deps.config)) throw conflict(m['payment_settings.stripe_unavailable']);
  const stripe = stripeClient(deps.config);
  const page = `${deps.config.appUrl}/account/payment`;
  try {
    let accountId = (await repo.findSettings(deps.db, auth.accountId))?.stripe_account_id;
    if (!accountId) {
      const account = await stripe.accounts.create(
        { type: 'standard', metadata: { taquilla_account_id: auth.accountId } },
        { idempotencyKey: `connect_${auth.accountId}_${Date.now()}` },
      );
      accountId = account.id;
      await repo.saveSettings(deps.db, auth.accountId, {
        stripe_account_id: account.id,
        stripe_details_submitted: Boolean(account.details_submitted),
        stripe_charges_enabled: Boolean(account.charges_enabled),
      });
    }
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${page}?stripe=refresh`,
      return_url: `${page}?stripe=return`,
    });
    return { url: link.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log?.error({ err }, 'stripe connect onboarding could not start');
    throw stripeFailed();
  }
}

/** Forgets the connected account: the account's events stop taking card payments into it. */
export async function disconnectStripe(deps: Deps, auth: AuthContext) {
  assertCan(auth, 'payments:manage');
  const row = await repo.findSettings(deps.db, auth.accountId);
  if (!row?.stripe_account_id) throw conflict(m['payment_settings.stripe_not_connected']);
  const saved = await repo.saveSettings(deps.db, auth.accountId, {
    stripe_account_id: null,
    stripe_details_submitted: false,
    stripe_charges_enabled: false,
  });
  await audit.record(deps.db, {
    action: 'payment_settings.updated',
    changes: audit.changesBetween(row, saved, ['stripe_account_id']),
  });
  return present(deps.config, saved);
}

/** `account.updated` from Stripe's Connect webhook. */
export async function applyStripeAccountUpdate(deps: DbDeps, account: Stripe.Account) {
  return storeAccountFlags(deps.db, account);
}

/**
 * An event's settings as the payment providers read them: the account's connected Stripe account, once
 * Stripe lets it take charges, in `stripe_account_id` (payments, checks and refunds go to that account).
 */
export async function providerSettings(
  deps: DbDeps,
  event: { account_id: string; settings: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const row = await repo.findSettings(deps.db, event.account_id);
  const connected = row?.stripe_account_id && row.stripe_charges_enabled ? row.stripe_account_id : undefined;
  return connected ? { ...event.settings, stripe_account_id: connected } : event.settings;
}

/** The account's default offline instructions (new events start with them). */
export async function defaultOfflineInstructions(deps: DbDeps, accountId: string): Promise<string | null> {
  return (await repo.findSettings(deps.db, accountId))?.offline_payment_instructions ?? null;
}
