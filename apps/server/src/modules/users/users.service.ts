import type {
  AccountMember,
  InviteUserInput,
  UpdateMeInput,
  UpdateUserInput,
} from '@taquilla/shared/schemas/users';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as audit from '../audit/audit.service.ts';
import { sendAuthEmail } from '../auth/auth.emails.ts';
import { authMessages as am } from '../auth/auth.messages.ts';
import { guarded, passwordKeys } from '../auth/backoff.ts';
import * as identity from '../auth/identity.service.ts';
import { consumeLinkToken, HOUR, issueLinkToken } from '../auth/identity.service.ts';
import { plainName } from '../auth/plain-name.ts';
import { organizerExists } from '../organizers/organizers.service.ts';
import { usersMessages as m } from './users.messages.ts';
import * as repo from './users.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

/**
 * An invited user who has not accepted belongs to nobody's team yet: the inviter sees the e-mail and the
 * names it typed, never a profile of someone who already had an account.
 */
export function presentMember(row: repo.MemberRow, auth: AuthContext): AccountMember {
  // While INVITED the answer is the same whether the user existed or not: the typed names (the
  // repository's), nothing of their profile.
  const invited = row.status === 'INVITED';
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    locale: invited ? null : row.locale,
    timezone: invited ? null : row.timezone,
    email_verified: invited ? false : row.email_verified_at !== null,
    pending_email: invited ? null : row.pending_email,
    role: row.role,
    status: row.status,
    is_owner: row.is_owner,
    organizer_ids: row.organizer_ids,
    role_and_status_fixed: roleAndStatusFixed(row, auth),
    created_at: row.created_at.toISOString(),
  };
}

/** The owner's role and status are fixed; nobody changes their own. */
function roleAndStatusFixed(
  member: { id: string; is_owner: boolean },
  auth: AuthContext,
): AccountMember['role_and_status_fixed'] {
  if (member.is_owner) return 'OWNER';
  return member.id === auth.userId ? 'SELF' : null;
}

/** Only the caller's own id is accepted on the "my e-mail" endpoints; anything else is not found. */
function assertSelf(auth: AuthContext, id: string) {
  if (auth.userId !== id) throw notFound();
}

export async function updateMe(deps: Deps, auth: AuthContext, input: UpdateMeInput, ip: string) {
  const user = await identity.findUserById(deps.db, auth.userId);
  if (!user) throw notFound();
  const changingEmail = input.email !== undefined && input.email !== user.email;
  const changingPassword = input.password !== undefined;
  if (changingEmail || changingPassword) {
    const current = input.current_password;
    if (!current) throw invalid({ current_password: am['auth.current_password_required'] });
    const right = await guarded(deps.db, passwordKeys(ip, user.email), () =>
      verifyPassword(user.password_hash, current),
    );
    if (!right) {
      throw invalid({ current_password: am['auth.current_password_wrong'] });
    }
  }
  if (changingEmail && input.email && (await identity.findUserByEmail(deps.db, input.email))) {
    throw invalid({ email: am['auth.email_taken'] });
  }
  const passwordHash = changingPassword && input.password ? await hashPassword(input.password) : undefined;
  await deps.db.transaction(async (tx) => {
    await identity.updateUser(tx, user.id, {
      first_name: input.first_name,
      last_name: input.last_name,
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.timezone ? { timezone: input.timezone } : {}),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(changingEmail ? { pending_email: input.email } : {}),
    });
    if (passwordHash) await identity.revokeSessions(tx, user.id, { exceptSessionId: auth.sessionId });
    if (changingEmail && input.email) {
      await identity.retireTokens(tx, user.id, 'EMAIL_CHANGE');
      const token = await issueLinkToken(tx, {
        userId: user.id,
        kind: 'EMAIL_CHANGE',
        data: { email: input.email },
      });
      await sendAuthEmail(
        deps,
        'change',
        { ...user, locale: input.locale ?? user.locale, address: input.email },
        token,
        {},
        tx,
      );
    }
  });
  return identity.currentUser(deps.db, auth.userId, auth.accountId);
}

export async function confirmEmail(deps: Deps, auth: AuthContext, id: string, token: string) {
  assertSelf(auth, id);
  await deps.db.transaction(async (tx) => {
    const row = await consumeLinkToken(tx, 'EMAIL_CONFIRMATION', token);
    if (!row || row.user_id !== id) throw new AppError(404, 'LINK_INVALID', am['auth.link_invalid']);
    const user = await identity.findUserById(tx, id);
    if (!user?.email_verified_at) await identity.updateUser(tx, id, { email_verified_at: new Date() });
  });
  return identity.currentUser(deps.db, auth.userId, auth.accountId);
}

export async function resendEmailConfirmation(deps: Deps, auth: AuthContext, id: string) {
  assertSelf(auth, id);
  const user = await identity.findUserById(deps.db, id);
  if (!user) throw notFound();
  if (user.email_verified_at) throw conflict(m['users.email_already_verified']);
  const recent = await identity.countTokensSince(
    deps.db,
    id,
    'EMAIL_CONFIRMATION',
    new Date(Date.now() - HOUR),
  );
  if (recent >= 5)
    throw new AppError(429, 'RATE_LIMITED', am['auth.rate_limited_email'], { params: { minutes: 60 } });
  await deps.db.transaction(async (tx) => {
    await identity.retireTokens(tx, id, 'EMAIL_CONFIRMATION');
    const token = await issueLinkToken(tx, { userId: id, kind: 'EMAIL_CONFIRMATION' });
    await sendAuthEmail(deps, 'confirm', user, token, {}, tx);
  });
}

export async function confirmEmailChange(deps: Deps, auth: AuthContext, id: string, token: string) {
  assertSelf(auth, id);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await consumeLinkToken(tx, 'EMAIL_CHANGE', token);
      const user = await identity.findUserById(tx, id);
      const email = row?.data.email;
      if (!row || row.user_id !== id || !user || typeof email !== 'string' || user.pending_email !== email) {
        throw new AppError(404, 'LINK_INVALID', am['auth.link_invalid']);
      }
      await identity.updateUser(tx, id, { email, pending_email: null, email_verified_at: new Date() });
      // The old address learns of it, with a link that brings it back and ends every session.
      const undo = await issueLinkToken(tx, {
        userId: id,
        kind: 'EMAIL_CHANGE_UNDO',
        data: { old_email: user.email, new_email: email },
      });
      await sendAuthEmail(deps, 'undo', user, undo, { old_email: user.email, new_email: email }, tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(am['auth.email_taken']);
    throw err;
  }
  return identity.currentUser(deps.db, auth.userId, auth.accountId);
}

export async function cancelEmailChange(deps: Deps, auth: AuthContext, id: string) {
  assertSelf(auth, id);
  const user = await identity.findUserById(deps.db, id);
  if (!user?.pending_email) throw conflict(m['users.no_pending_email']);
  await deps.db.transaction(async (tx) => {
    await identity.updateUser(tx, id, { pending_email: null });
    await identity.retireTokens(tx, id, 'EMAIL_CHANGE');
  });
  return identity.currentUser(deps.db, auth.userId, auth.accountId);
}

export async function listUsers(deps: Deps, auth: AuthContext, query: Record<string, unknown>) {
  assertCan(auth, 'users:manage');
  const params = parseListQuery(query, repo.memberListSpec);
  const { rows, total } = await repo.listMembers(deps.db, auth.accountId, params);
  return { data: rows.map((row) => presentMember(row, auth)), meta: listMeta(total, params) };
}

export async function getUser(deps: Deps, auth: AuthContext, id: string) {
  if (id !== auth.userId) assertCan(auth, 'users:manage');
  const row = await repo.findMember(deps.db, auth.accountId, id);
  if (!row) throw notFound();
  return presentMember(row, auth);
}

async function sendInvitation(
  deps: Deps,
  tx: Queryable,
  auth: AuthContext,
  member: { id: string; email: string; first_name: string; locale: string },
  role: string,
) {
  const inviter = await identity.findUserById(tx, auth.userId);
  const account = await repo.findAccount(tx, auth.accountId);
  const inviterName = inviter ? `${inviter.first_name} ${inviter.last_name}` : '';
  if (!inviter?.email_verified_at) {
    throw new AppError(403, 'EMAIL_NOT_CONFIRMED', m['users.invite_email_unconfirmed']);
  }
  const sent = await repo.countInvitationsSince(tx, auth.accountId, new Date(Date.now() - HOUR));
  if (sent >= INVITATIONS_PER_HOUR) {
    throw new AppError(429, 'RATE_LIMITED', m['users.invitations_limited'], { params: { minutes: 60 } });
  }
  await identity.retireTokens(tx, member.id, 'INVITATION', auth.accountId);
  const token = await issueLinkToken(tx, {
    userId: member.id,
    accountId: auth.accountId,
    kind: 'INVITATION',
    data: { inviter_name: inviterName },
  });
  await sendAuthEmail(
    deps,
    'invite',
    member,
    token,
    { inviter: plainName(inviterName), account: plainName(account?.name ?? ''), role },
    tx,
  );
}

/** Invitations (new and resent) an account may send per hour: the e-mails go to people outside it. */
const INVITATIONS_PER_HOUR = 20;

/** Invites someone by e-mail: a new user (no password yet) or an existing user of another account. */
export async function inviteUser(deps: Deps, auth: AuthContext, input: InviteUserInput, locale: string) {
  assertCan(auth, 'users:manage');
  // Checked before the transaction: the organizers module reads with its own connection.
  const scope = await organizerScope(deps, auth, input.organizer_ids ?? null);
  try {
    const id = await deps.db.transaction(async (tx) => {
      let user = await identity.findUserByEmail(tx, input.email);
      if (user && (await repo.findMember(tx, auth.accountId, user.id))) {
        throw invalid({ email: m['users.already_member'] });
      }
      user ??= await repo.insertUser(tx, {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        locale,
      });
      await repo.insertMembership(tx, {
        account_id: auth.accountId,
        user_id: user.id,
        role: input.role,
        status: 'INVITED',
        organizer_ids: scope,
        invited_by: auth.userId,
        invited_first_name: input.first_name,
        invited_last_name: input.last_name,
      });
      await sendInvitation(deps, tx, auth, user, input.role);
      await audit.record(tx, {
        action: 'member.invited',
        ...audit.aboutMember(user),
        changes: { role: { after: input.role }, email: { after: user.email } },
      });
      return user.id;
    });
    return getUser(deps, auth, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ email: m['users.already_member'] });
    throw err;
  }
}

export async function resendInvitation(deps: Deps, auth: AuthContext, id: string) {
  assertCan(auth, 'users:manage');
  await deps.db.transaction(async (tx) => {
    const member = await repo.findMemberForUpdate(tx, auth.accountId, id);
    if (!member) throw notFound();
    if (member.status !== 'INVITED') throw conflict(m['users.not_invited']);
    await sendInvitation(deps, tx, auth, member, member.role);
  });
  return getUser(deps, auth, id);
}

/** Withdraws a pending invitation; a user created only for it is removed entirely. */
export async function revokeInvitation(deps: Deps, auth: AuthContext, id: string) {
  assertCan(auth, 'users:manage');
  await deps.db.transaction(async (tx) => {
    const member = await repo.findMemberForUpdate(tx, auth.accountId, id);
    if (!member) throw notFound();
    if (member.status !== 'INVITED') throw conflict(m['users.not_invited']);
    await identity.retireTokens(tx, id, 'INVITATION', auth.accountId);
    await audit.record(tx, { action: 'member.invitation_revoked', ...audit.aboutMember(member) });
    await repo.deleteMembership(tx, auth.accountId, id);
    if (!member.has_password && (await repo.countMemberships(tx, id)) === 0) await repo.deleteUser(tx, id);
  });
}

/** An admin edits a member. The owner's role and status are fixed; nobody changes their own. */
/** The organizers a member is limited to, each of this account; an empty list means every organizer. */
async function organizerScope(deps: Deps, auth: AuthContext, ids: string[] | null) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return null;
  for (const organizerId of unique) {
    if (!(await organizerExists(deps, auth.accountId, organizerId))) {
      throw invalid({ organizer_ids: m['users.organizers_invalid'] });
    }
  }
  return unique.sort();
}

const sameScope = (a: string[] | null, b: string[] | null) =>
  (a === null && b === null) || (a !== null && b !== null && [...b].sort().join() === a.join());

export async function updateUser(deps: Deps, auth: AuthContext, id: string, input: UpdateUserInput) {
  assertCan(auth, 'users:manage');
  // Checked before the transaction: the organizers module reads with its own connection.
  const scope =
    input.organizer_ids === undefined ? undefined : await organizerScope(deps, auth, input.organizer_ids);
  await deps.db.transaction(async (tx) => {
    const member = await repo.findMemberForUpdate(tx, auth.accountId, id);
    if (!member) throw notFound();
    const roleChanges = input.role !== undefined && input.role !== member.role;
    const statusChanges = input.status !== undefined && input.status !== member.status;
    const fixed = roleAndStatusFixed(member, auth);
    if (fixed && (roleChanges || statusChanges)) {
      throw conflict(m[fixed === 'OWNER' ? 'users.owner_protected' : 'users.cannot_change_self']);
    }
    if (member.status === 'INVITED' && statusChanges) throw conflict(m['users.invited_status']);
    const renames =
      (input.first_name !== undefined && input.first_name !== member.first_name) ||
      (input.last_name !== undefined && input.last_name !== member.last_name);
    if (member.status === 'INVITED' && renames) throw conflict(m['users.invited_profile']);
    if (renames) {
      await identity.updateUser(tx, id, {
        ...(input.first_name ? { first_name: input.first_name } : {}),
        ...(input.last_name ? { last_name: input.last_name } : {}),
      });
    }
    if (fixed && scope !== undefined && !sameScope(scope, member.organizer_ids)) {
      throw conflict(m[fixed === 'OWNER' ? 'users.owner_protected' : 'users.cannot_change_self']);
    }
    if (roleChanges || statusChanges || scope !== undefined) {
      await repo.updateMembership(tx, auth.accountId, id, {
        ...(roleChanges ? { role: input.role } : {}),
        ...(statusChanges ? { status: input.status } : {}),
        ...(scope !== undefined ? { organizer_ids: scope } : {}),
      });
    }
    await audit.recordAll(
      tx,
      audit.memberChanges(member, { role: input.role, status: input.status, organizer_ids: scope }),
    );
    // Deactivation ends the user's sessions in this account at once (the auth hook also checks status).
    if (statusChanges && input.status === 'INACTIVE') {
      await identity.revokeSessions(tx, id, { accountId: auth.accountId });
    }
  });
  return getUser(deps, auth, id);
}
