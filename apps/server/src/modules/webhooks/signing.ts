import { createHmac, randomBytes } from 'node:crypto';
import { randomBase62 } from '../../lib/ids.ts';

/** Standard Webhooks signing: https://www.standardwebhooks.com (spec/standard-webhooks.md). */

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new message id, the webhook-id header (kept across retries and resends of the message). */
export const newMessageId = () => `msg_${randomBase62(24)}`;

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the base64-decoded part of the secret. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a request; every secret given signs (space-separated), so a rotation overlaps. */
export function signedHeaders(secrets: string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}
