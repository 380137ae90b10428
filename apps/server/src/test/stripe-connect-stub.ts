import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBase62 } from '../lib/ids.ts';

/**
 * A local stand-in for Stripe's HTTP API as far as Connect uses it — THE ONE ALLOWED MOCK (a payment
 * provider's network API): accounts, account links and PaymentIntents, remembering which connected
 * account (`Stripe-Account` header) and which application fee each PaymentIntent was created with.
 * The official SDK talks to it through STRIPE_API_URL; everything else stays real.
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
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/accounts') {
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) if (k.startsWith('metadata[')) metadata[k.slice(9, -1)] = v;
        const account: StubAccount = {
          id: `acct_${randomBase62(16)}`,
          object: 'account',
          type: String(form.get('type')),
          details_submitted: false,
          charges_enabled: false,
          metadata,
        };
        accounts.set(account.id, account);
        return send(200, account);
      }
      const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(url);
      if (req.method === 'GET' && accountPath?.[1]) {
        const account = accounts.get(accountPath[1]);
        return account ? send(200, account) : send(404, { error: { type: 'invalid_request_error' } });
      }
      if (req.method === 'POST' && url === '/v1/account_links') {
        const account = String(form.get('account'));
        if (!accounts.has(account)) return send(400, { error: { type: 'invalid_request_error' } });
        const link = {
          account,
          refresh_url: String(form.get('refresh_url')),
          return_url: String(form.get('return_url')),
          url: `https://connect.stripe.com/setup/s/${randomBase62(12)}`,
        };
        links.push(link);
        return send(200, { object: 'account_link', url: link.url, expires_at: 0, created: 0 });
      }
      if (req.method === 'POST' && url === '/v1/payment_intents') {
        const id = `pi_${randomBase62(14)}`;
        const fee = form.get('application_fee_amount');
        const intent: StubIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: String(form.get('currency')),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBase62(10)}`,
          stripe_account: (req.headers['stripe-account'] as string | undefined) ?? null,
          application_fee_amount: fee === null ? null : Number(fee),
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url);
      const intent = intentPath?.[1] ? intents.get(intentPath[1]) : undefined;
      if (req.method === 'GET' && intent) {
        retrievals.push({ id: intent.id, stripe_account: (req.headers['stripe-account'] as string) ?? null });
        return send(200, { ...intent, amount_received: 0, last_payment_error: null });
      }
      send(404, { error: { type: 'invalid_request_error', message: `stub: ${req.method} ${url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accounts,
    intents,
    links,
    retrievals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
