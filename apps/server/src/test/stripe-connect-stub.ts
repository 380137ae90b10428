import type { App } from '../app.ts';
import { randomBase62 } from '../lib/ids.ts';
import { createSellingEvent } from './factories/checkout.ts';
import {
  formMetadata,
  postStripeEvent,
  type StubAnswer,
  type StubCall,
  startStripeApiStub,
  stripeNotFound,
} from './stripe-stub.ts';

/**
 * Stripe's API as far as Connect uses it, on the one allowed mock (`stripe-stub.ts`): accounts, account
 * links, PaymentIntents (create, retrieve, cancel) and refunds (create, retrieve, list by PaymentIntent),
 * remembering which connected account (`Stripe-Account` header) each call addressed and which application
 * fee each PaymentIntent was created with. A test moves an intent or a refund along by changing its
 * `status` in the maps, as Stripe would.
 */
export interface StubAccount {
  id: string;
  object: 'account';
  type: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  metadata: Record<string, string>;
}
export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  amount_received: number;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string };
  stripe_account: string | null;
  application_fee_amount: number | null;
  /** What the buyer does right after a retrieval answered (their payment goes through meanwhile). */
  then_status?: string;
}
export interface StubRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  stripe_account: string | null;
}

export interface StripeConnectStub {
  url: string;
  accounts: Map<string, StubAccount>;
  intents: Map<string, StubIntent>;
  refunds: Map<string, StubRefund>;
  /** The PaymentIntents cancelled, with the connected account each cancel addressed. */
  cancellations: { id: string; stripe_account: string | null }[];
  links: { account: string; refresh_url: string; return_url: string; url: string }[];
  /** The connected account (`Stripe-Account` header) of each PaymentIntent read, in order. */
  retrievals: { id: string; stripe_account: string | null }[];
  close(): Promise<void>;
}

export async function startStripeConnectStub(): Promise<StripeConnectStub> {
  const accounts = new Map<string, StubAccount>();
  const intents = new Map<string, StubIntent>();
  const refunds = new Map<string, StubRefund>();
  const cancellations: StripeConnectStub['cancellations'] = [];
  const links: StripeConnectStub['links'] = [];
  const retrievals: StripeConnectStub['retrievals'] = [];
  const connected = (headers: StubCall['headers']) =>
    (headers['stripe-account'] as string | undefined) ?? null;
  const answer = ({ method, url, form, headers }: StubCall): StubAnswer => {
    if (method === 'POST' && url === '/v1/accounts') {
      const account: StubAccount = {
        id: `acct_${randomBase62(16)}`,
        object: 'account',
        type: String(form.get('type')),
        details_submitted: false,
        charges_enabled: false,
        metadata: formMetadata(form),
      };
      accounts.set(account.id, account);
      return [200, account];
    }
    const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(url);
    if (method === 'GET' && accountPath?.[1]) {
      const account = accounts.get(accountPath[1]);
      return account ? [200, account] : stripeNotFound;
    }
    if (method === 'POST' && url === '/v1/account_links') {
      const account = String(form.get('account'));
      if (!accounts.has(account)) return [400, { error: { type: 'invalid_request_error' } }];
      const link = {
        account,
        refresh_url: String(form.get('refresh_url')),
        return_url: String(form.get('return_url')),
        url: `https://connect.stripe.com/setup/s/${randomBase62(12)}`,
      };
      links.push(link);
      return [200, { object: 'account_link', url: link.url, expires_at: 0, created: 0 }];
    }
    if (method === 'POST' && url === '/v1/payment_intents') {
      const id = `pi_${randomBase62(14)}`;
      const fee = form.get('application_fee_amount');
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: String(form.get('currency')),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBase62(10)}`,
        metadata: formMetadata(form),
        last_payment_error: null,
        stripe_account: connected(headers),
        application_fee_amount: fee === null ? null : Number(fee),
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(url);
    const intent = intentPath?.[1] ? intents.get(intentPath[1]) : undefined;
    if (method === 'GET' && intent && !intentPath?.[2]) {
      retrievals.push({ id: intent.id, stripe_account: connected(headers) });
      const answered = { ...intent };
      if (intent.then_status) {
        Object.assign(intent, { status: intent.then_status, then_status: undefined });
        if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      }
      return [200, answered];
    }
    if (method === 'POST' && intent && intentPath?.[2]) {
      if (intent.stripe_account !== connected(headers)) return stripeNotFound;
      if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        const message = `stub: You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`;
        return [
          400,
          { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } },
        ];
      }
      intent.status = 'canceled';
      cancellations.push({ id: intent.id, stripe_account: connected(headers) });
      return [200, intent];
    }
    if (method === 'POST' && url === '/v1/refunds') {
      const paid = intents.get(String(form.get('payment_intent')));
      if (!paid || paid.stripe_account !== connected(headers)) return stripeNotFound;
      const refund: StubRefund = {
        id: `re_${randomBase62(14)}`,
        object: 'refund',
        amount: Number(form.get('amount') ?? paid.amount),
        payment_intent: paid.id,
        status: 'pending',
        failure_reason: null,
        metadata: formMetadata(form),
        stripe_account: connected(headers),
      };
      refunds.set(refund.id, refund);
      return [200, refund];
    }
    const refundList = /^\/v1\/refunds\?(.*)$/.exec(url);
    if (method === 'GET' && refundList) {
      const of = new URLSearchParams(refundList[1]).get('payment_intent');
      const data = [...refunds.values()].filter(
        (r) => r.payment_intent === of && r.stripe_account === connected(headers),
      );
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
    }
    return undefined;
  };
  const stub = await startStripeApiStub(answer);
  return {
    url: stub.url,
    accounts,
    intents,
    refunds,
    cancellations,
    links,
    retrievals,
    close: stub.close,
  };
}

/** The Connect endpoint's signing secret the tests configure (STRIPE_CONNECT_WEBHOOK_SECRET). */
export const CONNECT_SECRET = 'whsec_connect_taquilla';

/** A signed event of a connected account, delivered to the Connect webhook endpoint. */
export const connectEvent = (app: App, type: string, object: unknown, account: string, id?: string) =>
  postStripeEvent(app, {
    url: '/api/public/webhooks/stripe-connect',
    secret: CONNECT_SECRET,
    type,
    object,
    account,
    id,
  });

/**
 * An account selling through its own connected Stripe account: onboarded through the stub, then charges
 * enabled by a signed `account.updated` from the Connect endpoint.
 */
export async function connectedSeller(app: App, stub: StripeConnectStub) {
  const seller = await createSellingEvent(app, { settings: { payment_providers: ['stripe'] } });
  await app.inject({ method: 'POST', url: '/api/accounts/me/stripe-connect', headers: seller.headers });
  const account = stub.accounts.get(stub.links.at(-1)?.account ?? '');
  if (!account) throw new Error('no connected account');
  const enabled = { ...account, details_submitted: true, charges_enabled: true };
  const res = await connectEvent(app, 'account.updated', enabled, account.id);
  if (res.statusCode !== 200) throw new Error(`account.updated: ${res.statusCode} ${res.body}`);
  Object.assign(account, enabled);
  return { ...seller, stripeAccount: account.id };
}
