import type { AccountChoice, LoginInput, RegisterInput } from '@taquilla/shared/schemas/auth';
import type { LoginTwoFactorInput } from '@taquilla/shared/schemas/sign-in-security';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { AppError, conflict, invalid, isUniqueViolation } from '../../lib/errors.ts';
import { hashToken } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { sendAuthEmail } from './auth.emails.ts';
import { authMessages as m } from './auth.messages.ts';
import type { Client } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import { guarded, passwordKeys } from './backoff.ts';
import { currentUser, HOUR, issueLinkToken, TTL } from './identity.service.ts';
import { createSession } from './sessions.ts';
import { checkSecondFactor } from './two-factor.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

const emailTaken = () => invalid({ email: m['auth.email_taken'] });

export async function register(deps: Deps, input: RegisterInput, requestLocale: string, client: Client) {
  const existing = await repo.findUserByEmail(deps.db, input.email);
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const locale = input.locale ?? requestLocale;
  const timezone = input.timezone ?? 'Europe/Madrid';
  try {
    const { account, user } = await deps.db.transaction(async (tx) => {
      const created = await repo.insertAccountWithOwner(
        tx,
        { name: `${input.first_name} ${input.last_name}`, timezone },
        {
          email: input.email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
          locale,
          timezone,
        },
        // Whoever registers owns the new account and administers it.
        { role: 'ADMIN', status: 'ACTIVE', is_owner: true },
      );
      const token = await issueLinkToken(tx, { userId: created.user.id, kind: 'EMAIL_CONFIRMATION' });
      await sendAuthEmail(deps, 'confirm', created.user, token, {}, tx);
      return created;
    });
    const session = await createSession(deps.db, deps.config.authSecret, user.id, account.id, client);
    const me = await currentUser(deps.db, user.id, account.id);
    return { token: session.token, user: me, account: me.account };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks e-mail and password under the sign-in back-off; the same work is done for an unknown e-mail so
 * timing tells nothing.
 */
async function checkCredentials(deps: Deps, email: string, password: string, client: Client) {
  const user = await repo.findUserByEmail(deps.db, email);
  const ok = await guarded(deps.db, passwordKeys(client.ip, email), async () => {
    if (user?.password_hash) return verifyPassword(user.password_hash, password);
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    return false;
  });
  if (!ok || !user) throw new AppError(401, 'INVALID_CREDENTIALS', m['auth.invalid_credentials']);
  return user;
}

export type LoginResult =
  | { token: string; user: Awaited<ReturnType<typeof currentUser>> }
  | { accounts: AccountChoice[] }
  | { two_factor: { challenge: string; expires_at: string } };

export async function login(deps: Deps, input: LoginInput, client: Client): Promise<LoginResult> {
  const user = await checkCredentials(deps, input.email, input.password, client);
  const memberships = await repo.membershipsOf(deps.db, user.id);
  const active = memberships.filter((a) => a.status === 'ACTIVE');
  if (input.account_id) {
    const chosen = memberships.find((a) => a.id === input.account_id);
    if (!chosen) throw invalid({ account_id: m['auth.account_invalid'] });
    if (chosen.status === 'INVITED')
      throw new AppError(403, 'INVITATION_PENDING', m['auth.invitation_pending']);
    if (chosen.status !== 'ACTIVE') throw new AppError(403, 'USER_INACTIVE', m['auth.user_inactive']);
    return passwordAccepted(deps, user, chosen.id, client);
  }
  if (active.length === 0) {
    const invited = memberships.some((a) => a.status === 'INVITED');
    throw invited
      ? new AppError(403, 'INVITATION_PENDING', m['auth.invitation_pending'])
      : new AppError(403, 'USER_INACTIVE', m['auth.user_inactive']);
  }
  const [only] = active;
  if (active.length > 1 || !only) {
    return {
      accounts: active.map(({ id, name, role, is_owner }) => ({ id, name, role, is_owner })),
    };
  }
  return passwordAccepted(deps, user, only.id, client);
}

/** The password was right and the account chosen: a session, or first a challenge for the second factor. */
async function passwordAccepted(deps: Deps, user: repo.UserRow, accountId: string, client: Client) {
  if (!user.totp_enabled_at) return startSession(deps, user.id, accountId, client);
  const challenge = await issueLinkToken(deps.db, {
    userId: user.id,
    accountId,
    kind: 'TWO_FACTOR_CHALLENGE',
  });
  const expiresAt = new Date(Date.now() + TTL.TWO_FACTOR_CHALLENGE);
  return { two_factor: { challenge, expires_at: expiresAt.toISOString() } };
}

const challengeInvalid = () =>
  new AppError(401, 'TWO_FACTOR_CHALLENGE_INVALID', m['auth.two_factor_challenge_invalid']);

/** The second step of a login with 2FA: the challenge (live, of this user) and a code give the session. */
export async function loginTwoFactor(deps: Deps, input: LoginTwoFactorInput, client: Client) {
  const row = await repo.findLiveToken(deps.db, 'TWO_FACTOR_CHALLENGE', hashToken(input.challenge));
  const user = row ? await repo.findUserById(deps.db, row.user_id) : undefined;
  if (!row?.account_id || !user?.totp_enabled_at) throw challengeInvalid();
  await checkSecondFactor(deps, user, input.code, client.ip);
  const used = await repo.consumeToken(deps.db, 'TWO_FACTOR_CHALLENGE', hashToken(input.challenge));
  if (!used?.account_id) throw challengeInvalid();
  return startSession(deps, user.id, used.account_id, client);
}

async function startSession(deps: Deps, userId: string, accountId: string, client: Client) {
  const session = await createSession(deps.db, deps.config.authSecret, userId, accountId, client);
  return { token: session.token, user: await currentUser(deps.db, userId, accountId) };
}

/** A logged-in user moves to another of their accounts: a new session there, the old one ends. */
export async function switchAccount(deps: Deps, auth: AuthContext, accountId: string, client: Client) {
  const memberships = await repo.membershipsOf(deps.db, auth.userId);
  const target = memberships.find((a) => a.id === accountId && a.status === 'ACTIVE');
  if (!target) throw invalid({ account_id: m['auth.account_invalid'] });
  await repo.revokeSession(deps.db, auth.sessionId);
  return startSession(deps, auth.userId, accountId, client);
}

export const logout = (deps: Deps, auth: AuthContext | null) =>
  auth ? repo.revokeSession(deps.db, auth.sessionId) : Promise.resolve();

export const PASSWORD_RESET_JOB = 'auth.password_reset';

/**
 * Answers the same, in the same time, for known and unknown e-mails: the request only queues a job
 * (one insert either way); the job looks the address up and sends the link.
 */
export async function forgotPassword(deps: Deps, email: string) {
  await deps.jobs.enqueue(PASSWORD_RESET_JOB, { email });
}

/**
 * The job: a reset link when the e-mail belongs to a user. At most 3 links per address per hour,
 * silently, so the endpoint cannot be used to flood someone's inbox.
 */
export async function sendPasswordReset(deps: Deps, email: string) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const recent = await repo.countTokensSince(deps.db, user.id, 'PASSWORD_RESET', new Date(Date.now() - HOUR));
  if (recent >= 3) return;
  await deps.db.transaction(async (tx) => {
    await repo.retireTokens(tx, user.id, 'PASSWORD_RESET');
    const token = await issueLinkToken(tx, { userId: user.id, kind: 'PASSWORD_RESET' });
    await sendAuthEmail(deps, 'reset', user, token, {}, tx);
  });
}

const resetInvalid = () => new AppError(404, 'LINK_INVALID', m['auth.reset_link_invalid']);

export async function checkResetToken(deps: Deps, token: string) {
  const row = await repo.findLiveToken(deps.db, 'PASSWORD_RESET', hashToken(token));
  if (!row) throw resetInvalid();
  const user = await repo.findUserById(deps.db, row.user_id);
  if (!user) throw resetInvalid();
  return { email: user.email, expires_at: row.expires_at.toISOString() };
}

/** Sets the new password, uses the link, and ends every session of the user. */
export async function resetPassword(deps: Deps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await repo.consumeToken(tx, 'PASSWORD_RESET', hashToken(token));
    if (!row) throw resetInvalid();
    const user = await repo.findUserById(tx, row.user_id);
    await repo.updateUser(tx, row.user_id, {
      password_hash: passwordHash,
      // Following the link proves the address belongs to the user.
      email_verified_at: user?.email_verified_at ?? new Date(),
    });
    await repo.revokeSessions(tx, row.user_id);
  });
}

const invitationInvalid = () => new AppError(404, 'LINK_INVALID', m['auth.invitation_invalid']);

async function liveInvitation(db: Queryable, token: string) {
  const row = await repo.findLiveToken(db, 'INVITATION', hashToken(token));
  if (!row?.account_id) throw invitationInvalid();
  const user = await repo.findUserById(db, row.user_id);
  const membership = user
    ? (await repo.membershipsOf(db, user.id)).find((a) => a.id === row.account_id)
    : undefined;
  if (!user || membership?.status !== 'INVITED') throw invitationInvalid();
  return { row, user, membership };
}

export async function getInvitation(deps: Deps, token: string) {
  const { row, user, membership } = await liveInvitation(deps.db, token);
  const inviter = row.data.inviter_name;
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    account_name: membership.name,
    role: membership.role,
    invited_by: typeof inviter === 'string' ? inviter : null,
    has_password: Boolean(user.password_hash),
  };
}

/**
 * Accepts an invitation: a new user chooses a name and password; a user who already has a password
 * (member of another account) just joins. Logs the user in to the inviting account.
 */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  input: {
    first_name?: string;
    last_name?: string;
    password?: string;
    timezone?: string;
    current_password?: string;
  },
  caller: AuthContext | null,
  client: Client,
) {
  const { user } = await liveInvitation(deps.db, token);
  const needsPassword = !user.password_hash;
  if (needsPassword && !input.password) {
    throw invalid({ password: m['auth.invitation_password_required'] });
  }
  // Whoever holds the link of an existing user must also be that user: signed in as them, or their password.
  if (user.password_hash && caller?.userId !== user.id) {
    if (caller) throw new AppError(403, 'FORBIDDEN', m['auth.invitation_other_user']);
    if (!input.current_password) {
      throw invalid({ current_password: m['auth.invitation_sign_in_required'] });
    }
    const current = input.current_password;
    const hash = user.password_hash;
    if (!(await guarded(deps.db, passwordKeys(client.ip, user.email), () => verifyPassword(hash, current)))) {
      throw invalid({ current_password: m['auth.invitation_password_wrong'] });
    }
  }
  const passwordHash = needsPassword && input.password ? await hashPassword(input.password) : undefined;
  const accountId = await deps.db.transaction(async (tx) => {
    const row = await repo.consumeToken(tx, 'INVITATION', hashToken(token));
    if (!row?.account_id || row.user_id !== user.id) throw invitationInvalid();
    await repo.updateUser(tx, user.id, {
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(needsPassword && input.first_name ? { first_name: input.first_name } : {}),
      ...(needsPassword && input.last_name ? { last_name: input.last_name } : {}),
      ...(needsPassword && input.timezone ? { timezone: input.timezone } : {}),
      email_verified_at: user.email_verified_at ?? new Date(),
    });
    await repo.moveMembership(tx, row.account_id, user.id, 'INVITED', 'ACTIVE');
    return row.account_id;
  });
  return startSession(deps, user.id, accountId, client);
}

/**
 * The link sent to the old address when an e-mail change took effect: the old address comes back, it
 * counts as confirmed (the link reached it), every session ends (whoever changed it is logged out), and
 * a second factor enrolled since the change is removed.
 */
export async function undoEmailChange(deps: Deps, token: string) {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.consumeToken(tx, 'EMAIL_CHANGE_UNDO', hashToken(token));
      const email = row?.data.old_email;
      if (!row || typeof email !== 'string') throw new AppError(404, 'LINK_INVALID', m['auth.link_invalid']);
      const taken = await repo.findUserByEmail(tx, email);
      if (taken && taken.id !== row.user_id) throw conflict(m['auth.undo_email_taken'], { email });
      await repo.updateUser(tx, row.user_id, { email, pending_email: null, email_verified_at: new Date() });
      // A second factor turned on since the change is whoever changed the address's: it goes too, or the
      // owner could not log in again after resetting the password.
      const user = await repo.findUserById(tx, row.user_id);
      if (user?.totp_enabled_at && user.totp_enabled_at > row.created_at) {
        await repo.setTotp(tx, row.user_id, {
          totp_secret: null,
          totp_enabled_at: null,
          totp_last_counter: null,
          recovery_code_hashes: [],
        });
      }
      await repo.retireTokens(tx, row.user_id, 'EMAIL_CHANGE');
      await repo.revokeSessions(tx, row.user_id);
      return { email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(m['auth.undo_email_taken']);
    throw err;
  }
}
