import { randomBase62 } from '../lib/ids.ts';
import {
  formMetadata,
  type StubAnswer,
  type StubCall,
  startStripeApiStub,
  stripeNotFound,
} from './stripe-stub.ts';

/**
 * Stripe's API as far as Connect uses it, on the one allowed mock (`stripe-stub.ts`): accounts, account
 * links and PaymentIntents, remembering which connected account (`Stripe-Account` header) and which
 * application fee each PaymentIntent was created with.
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
  status: string;
  client_secret: string;
  stripe_account: string | null;
  application_fee_amount: number | null;
}

export interface StripeConnectStub {
  url: string;
  accounts: Map<string, StubAccount>;
  intents: Map<string, StubIntent>;
  links: { account: string; refresh_url: string; return_url: string; url: string }[];
  /** The connected account (`Stripe-Account` header) of each PaymentIntent read, in order. */
  retrievals: { id: string; stripe_account: string | null }[];
  close(): Promise<void>;
}

export async function startStripeConnectStub(): Promise<StripeConnectStub> {
  const accounts = new Map<string, StubAccount>();
  const intents = new Map<string, StubIntent>();
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
        currency: String(form.get('currency')),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBase62(10)}`,
        stripe_account: connected(headers),
        application_fee_amount: fee === null ? null : Number(fee),
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url);
    const intent = intentPath?.[1] ? intents.get(intentPath[1]) : undefined;
    if (method === 'GET' && intent) {
      retrievals.push({ id: intent.id, stripe_account: connected(headers) });
      return [200, { ...intent, amount_received: 0, last_payment_error: null }];
    }
    return undefined;
  };
  const stub = await startStripeApiStub(answer);
  return { url: stub.url, accounts, intents, links, retrievals, close: stub.close };
}
