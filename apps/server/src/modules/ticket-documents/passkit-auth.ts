import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A pass's `authenticationToken`: an HMAC of its serial number with AUTH_SECRET, so nothing is stored and
 * no token can be made without the secret (43 characters, 256 bits). A pass never changes its token
 * (Wallet keeps the first), so a new AUTH_SECRET cuts every pass already in a wallet off its updates.
 */
export const passAuthToken = (secret: string, serial: string) =>
  createHmac('sha256', secret).update(`passkit:${serial}`).digest('base64url');

/** Whether an `Authorization: ApplePass <token>` header carries the pass's token. */
export function isPassAuthorized(secret: string, serial: string, header: string | undefined): boolean {
  const given = /^ApplePass (\S{1,200})$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(passAuthToken(secret, serial));
  return a.length === b.length && timingSafeEqual(a, b);
}
