import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The official Stripe SDK, built once per secret key. `STRIPE_API_URL` points it at another host
 * (tests run a local stub of Stripe's HTTP API there); without it the SDK talks to api.stripe.com.
 */
const clients = new Map<string, Stripe>();

export function stripeConfigured(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}

export function stripeClient(config: Config): Stripe {
  const key = config.stripe.secretKey;
  if (!key) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
  const cacheKey = `${key}|${config.stripe.apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === 'http:' ? 80 : 443),
            protocol: url.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export type PaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;
