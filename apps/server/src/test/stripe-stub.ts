import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { App } from '../app.ts';
import { randomBase62 } from '../lib/ids.ts';

/**
 * THE ONE ALLOWED MOCK of the test suite (a payment provider's network API): a local HTTP server in place
 * of Stripe's API. The official SDK talks to it through STRIPE_API_URL; each test file answers the calls
 * it needs. Everything else — our server, the database, webhook signatures made with the SDK's own
 * `generateTestHeaderString` — is real.
 */
export interface StubCall {
  method: string;
  url: string;
  /** The form-encoded body Stripe's SDK sends. */
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
}
/** `[status, json]`, or undefined for Stripe's 404. */
export type StubAnswer = readonly [status: number, body: unknown] | undefined;

export interface StripeApiStub {
  url: string;
  close(): Promise<void>;
}

export async function startStripeApiStub(answer: (call: StubCall) => StubAnswer): Promise<StripeApiStub> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const call = {
        method: req.method ?? 'GET',
        url: req.url ?? '',
        form: new URLSearchParams(body),
        headers: req.headers,
      };
      const [status, json] = answer(call) ?? [
        404,
        { error: { type: 'invalid_request_error', message: `stub: ${call.method} ${call.url}` } },
      ];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Stripe's answer for an unknown object. */
export const stripeNotFound: StubAnswer = [404, { error: { type: 'invalid_request_error' } }];

/** The `metadata[key]` fields of a form-encoded Stripe call. */
export function formMetadata(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith('metadata[')) metadata[k.slice(9, -1)] = v;
  return metadata;
}

/** The server's Stripe settings pointing at the stub. */
export const stripeEnv = (apiUrl: string, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_taquilla',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_taquilla',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: apiUrl,
});

const sdk = new Stripe('sk_test_taquilla');

/** Posts an event to one of our Stripe webhooks, signed with `secret` the way Stripe signs it. */
export function postStripeEvent(
  app: Pick<App, 'inject'>,
  event: { url: string; secret: string; type: string; object: unknown; id?: string; account?: string },
) {
  const payload = JSON.stringify({
    id: event.id ?? `evt_${randomBase62(14)}`,
    object: 'event',
    type: event.type,
    ...(event.account ? { account: event.account } : {}),
    data: { object: event.object },
  });
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: event.secret });
  return app.inject({
    method: 'POST',
    url: event.url,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}
