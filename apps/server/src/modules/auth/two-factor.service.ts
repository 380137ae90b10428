import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/ids.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { qrSvg } from '../../lib/qr.ts';
import { authMessages as m } from './auth.messages.ts';
import * as repo from './auth.repository.ts';
import { codeKeys, guarded, passwordKeys } from './backoff.ts';
import { open, seal } from './secret-box.ts';

/**
 * TOTP two-factor authentication (RFC 6238 through `otpauth`): enrolment makes a secret, kept encrypted,
 * answered once as an otpauth:// URI and its QR code; a first code confirms it and yields ten recovery
 * codes, shown once and kept hashed. A code is accepted once: the time step of the last accepted one is
 * kept, and a code of that step or an earlier one is refused. Checks go through the sign-in back-off.
 */
type Deps = Pick<AppDeps, 'db' | 'config'>;

const ISSUER = 'Taquilla';
const RECOVERY_CODES = 10;

const totpOf = (deps: Deps, user: repo.UserRow, sealed: string) =>
  new TOTP({
    issuer: ISSUER,
    label: user.email,
    secret: Secret.fromBase32(open(deps.config.authSecret, sealed)),
  });

export async function startEnrolment(deps: Deps, auth: AuthContext) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  if (user.totp_enabled_at) throw conflict(m['auth.two_factor_already_on']);
  const secret = new Secret({ size: 20 });
  await repo.setTotp(deps.db, user.id, {
    totp_secret: seal(deps.config.authSecret, secret.base32),
    totp_last_counter: null,
  });
  const uri = new TOTP({ issuer: ISSUER, label: user.email, secret }).toString();
  const svg = await qrSvg(uri);
  return {
    secret: secret.base32,
    otpauth_uri: uri,
    qr_image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Recovery codes: 10 random base32 characters shown as two groups of five. */
function newRecoveryCode() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecovery = (code: string) => hashToken(`recovery:${normaliseRecovery(code)}`);
const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** Accepts a TOTP code once: valid in the window of ±1 step and of a step later than the last used. */
async function acceptTotp(deps: Deps, db: Queryable, user: repo.UserRow, sealed: string, code: string) {
  const totp = totpOf(deps, user, sealed);
  const token = code.replace(/\s/g, '');
  const delta = totp.validate({ token, window: 1 });
  if (delta === null) return false;
  return repo.claimTotpCounter(db, user.id, totp.counter() + delta);
}

/**
 * Checks a second-factor code of an enrolled user: a TOTP code, or else a recovery code (used up). Counted
 * by the back-off; a wrong code is a 422 on `code`.
 */
export async function checkSecondFactor(deps: Deps, user: repo.UserRow, code: string, ip: string) {
  const sealed = user.totp_secret;
  if (!user.totp_enabled_at || !sealed) return;
  const ok = await guarded(deps.db, codeKeys(ip, user.id), async () =>
    isTotpCode(code)
      ? acceptTotp(deps, deps.db, user, sealed, code)
      : repo.claimRecoveryCode(deps.db, user.id, hashRecovery(code)),
  );
  if (!ok) throw invalid({ code: m['auth.two_factor_code_wrong'] });
}

/** Confirms the enrolment with a first code; answers the recovery codes (the only time they are shown). */
export async function confirmEnrolment(deps: Deps, auth: AuthContext, code: string, ip: string) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  if (user.totp_enabled_at) throw conflict(m['auth.two_factor_already_on']);
  const sealed = user.totp_secret;
  if (!sealed) throw conflict(m['auth.two_factor_not_started']);
  const ok = await guarded(deps.db, codeKeys(ip, user.id), () =>
    acceptTotp(deps, deps.db, user, sealed, code),
  );
  if (!ok) throw invalid({ code: m['auth.two_factor_code_wrong'] });
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await repo.setTotp(deps.db, user.id, {
    totp_enabled_at: new Date(),
    recovery_code_hashes: codes.map(hashRecovery),
  });
  return { recovery_codes: codes };
}

/** Turns 2FA off; needs the password (checked like a login). */
export async function disable(deps: Deps, auth: AuthContext, password: string, ip: string) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  const ok = await guarded(deps.db, passwordKeys(ip, user.email), () =>
    verifyPassword(user.password_hash, password),
  );
  if (!ok) throw invalid({ password: m['auth.current_password_wrong'] });
  if (!user.totp_enabled_at && !user.totp_secret) throw conflict(m['auth.two_factor_not_on']);
  await repo.setTotp(deps.db, user.id, {
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_counter: null,
    recovery_code_hashes: [],
  });
}

/**
 * New recovery codes for an enrolled user (the old ones stop working at once); needs the password,
 * checked like a login. Answered once, as at enrolment.
 */
export async function regenerateRecoveryCodes(deps: Deps, auth: AuthContext, password: string, ip: string) {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  const ok = await guarded(deps.db, passwordKeys(ip, user.email), () =>
    verifyPassword(user.password_hash, password),
  );
  if (!ok) throw invalid({ password: m['auth.current_password_wrong'] });
  if (!user.totp_enabled_at) throw conflict(m['auth.two_factor_not_on']);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await repo.setTotp(deps.db, user.id, { recovery_code_hashes: codes.map(hashRecovery) });
  return { recovery_codes: codes };
}

export const twoFactorRequired = () =>
  new AppError(403, 'TWO_FACTOR_REQUIRED', m['auth.two_factor_required']);
