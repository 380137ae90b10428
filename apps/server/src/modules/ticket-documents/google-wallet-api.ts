import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../config.ts';

export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

const tokens = new Map<string, { token: string; until: number }>();

/**
 * An OAuth2 access token for the service account (the JWT bearer flow: an RS256 assertion of the account,
 * the Wallet scope and the token endpoint as audience), kept until a minute before it expires.
 */
async function accessToken(config: GoogleWalletConfig): Promise<string> {
  const key = `${config.tokenUrl} ${config.serviceAccountEmail}`;
  const kept = tokens.get(key);
  if (kept && kept.until > Date.now()) return kept.token;
  const assertion = await new SignJWT({ scope: WALLET_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(createPrivateKey(config.privateKey));
  const res = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`Google token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('Google token endpoint gave no access token');
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return body.access_token;
}

/**
 * Replaces a Wallet resource (`eventTicketClass` or `eventTicketObject`) with its current version. A 404
 * means the holder never saved it (Google creates it then, from the save link): nothing to update.
 */
export async function putWalletResource(
  config: GoogleWalletConfig,
  type: 'eventTicketClass' | 'eventTicketObject',
  resource: { id: string },
): Promise<'UPDATED' | 'NOT_SAVED'> {
  const res = await fetch(`${config.apiUrl}/walletobjects/v1/${type}/${encodeURIComponent(resource.id)}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await accessToken(config)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(resource),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  if (res.status === 404) return 'NOT_SAVED';
  if (res.status === 401) tokens.delete(`${config.tokenUrl} ${config.serviceAccountEmail}`);
  if (!res.ok) throw new Error(`Google Wallet answered ${res.status} to ${type}`);
  return 'UPDATED';
}
