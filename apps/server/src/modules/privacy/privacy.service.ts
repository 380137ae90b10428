import { createHmac } from 'node:crypto';
import {
  type PrivacyEraseInput,
  type PrivacyErasure,
  type PrivacyPersonSummary,
  type PrivacyRequest,
  type PrivacySettings,
  type PrivacySettingsInput,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '@taquilla/shared/schemas/privacy';
import type { Queryable, Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { type ErasureCount, type ErasureTarget, newPseudonym } from '../../lib/personal-data.ts';
import * as audit from '../audit/audit.service.ts';
import { ERASURE_SEQUENCE, PERSONAL_DATA } from './privacy.kinds.ts';
import { privacyMessages as m } from './privacy.messages.ts';
import * as repo from './privacy.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** Requests reach every event of the account: only an admin not limited to some organizers answers them. */
function assertPrivacyAdmin(auth: AuthContext) {
  assertCan(auth, 'privacy:manage');
  if (auth.organizerIds !== null) throw forbidden(m['privacy.scoped_member']);
}

/** The person as the log keeps them: a keyed hash of the address, per account (never the address). */
export function emailHash(secret: string, accountId: string, email: string) {
  return createHmac('sha256', secret).update(`privacy:${accountId}:${email}`).digest('hex');
}

async function everyKind(q: Queryable, accountId: string, email: string) {
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const kind of PERSONAL_DATA) data[kind.kind] = await kind.personalDataOf(q, accountId, email);
  return data;
}

/** How many rows of each kind the account holds about the person. */
export async function lookupPerson(
  deps: Deps,
  auth: AuthContext,
  email: string,
): Promise<PrivacyPersonSummary> {
  assertPrivacyAdmin(auth);
  const data = await everyKind(deps.db, auth.accountId, email);
  const held = Object.fromEntries(Object.entries(data).map(([kind, rows]) => [kind, rows.length]));
  return { email, held, total: Object.values(held).reduce((a, b) => a + b, 0) };
}

/** Everything held about the person, as one JSON document; the export is logged. */
export async function exportPerson(deps: Deps, auth: AuthContext, email: string) {
  assertPrivacyAdmin(auth);
  const data = await everyKind(deps.db, auth.accountId, email);
  const hash = emailHash(deps.config.authSecret, auth.accountId, email);
  const counts = Object.fromEntries(
    Object.entries(data).map(([k, rows]) => [k, { erased: 0, kept: rows.length }]),
  );
  await deps.db.transaction(async (tx) => {
    await repo.insertRequest(tx, {
      account_id: auth.accountId,
      kind: 'EXPORT',
      email_hash: hash,
      user_id: auth.userId,
      counts,
    });
    await audit.record(tx, {
      action: 'personal_data.exported',
      target: personTarget(hash),
      changes: { records: { after: total(counts, 'kept') } },
    });
  });
  return {
    format: 'taquilla.personal-data.v1',
    generated_at: new Date().toISOString(),
    email,
    data,
  };
}

/** Runs every kind's erasure in the caller's transaction, in dependency order. */
async function eraseEveryKind(tx: Tx, accountId: string, target: ErasureTarget) {
  const counts: Record<string, ErasureCount> = {};
  for (const kind of ERASURE_SEQUENCE)
    counts[kind.kind] = await kind.erasePersonalData(tx, accountId, target);
  return counts;
}

const total = (counts: Record<string, ErasureCount>, key: keyof ErasureCount) =>
  Object.values(counts).reduce((a, c) => a + c[key], 0);

function summed(counts: Record<string, ErasureCount>): PrivacyErasure {
  return { counts, erased: total(counts, 'erased'), kept: total(counts, 'kept') };
}

/** The audit trail names the person as the log does: by the start of the keyed hash, never the address. */
const personTarget = (hash: string) => ({ type: 'person', id: hash.slice(0, 10) });

/**
 * Pseudonymises everything the account holds about the person, in one transaction, and logs it. Invoices
 * stay as issued. Erasing twice finds nothing the second time.
 */
export async function erasePerson(
  deps: Deps,
  auth: AuthContext,
  input: PrivacyEraseInput,
): Promise<PrivacyErasure> {
  assertPrivacyAdmin(auth);
  const target = { email: input.email, pseudonym: newPseudonym() };
  const counts = await deps.db.transaction(async (tx) => {
    const counts = await eraseEveryKind(tx, auth.accountId, target);
    const hash = emailHash(deps.config.authSecret, auth.accountId, input.email);
    await repo.insertRequest(tx, {
      account_id: auth.accountId,
      kind: 'ERASE',
      email_hash: hash,
      user_id: auth.userId,
      counts,
    });
    await audit.record(tx, {
      action: 'personal_data.erased',
      target: personTarget(hash),
      changes: { erased: { after: total(counts, 'erased') }, kept: { after: total(counts, 'kept') } },
    });
    return counts;
  });
  return summed(counts);
}

/** Pseudonymises the buyers' data of the account's events that ended more than `days` ago; logs what it did. */
export async function applyRetention(deps: Pick<AppDeps, 'db'>, accountId: string, days: number) {
  const eventIds = await repo.eventsPastRetention(deps.db, accountId, days);
  if (!eventIds.length) return null;
  return deps.db.transaction(async (tx) => {
    const counts = await eraseEveryKind(tx, accountId, { eventIds });
    await repo.insertRequest(tx, { account_id: accountId, kind: 'RETENTION', counts });
    await audit.record(tx, {
      accountId,
      action: 'personal_data.retention_applied',
      changes: { events: { after: eventIds.length }, erased: { after: total(counts, 'erased') } },
    });
    return summed(counts);
  });
}

/** Every account's retention, one after another (the daily job). */
export async function retentionSweep(deps: Pick<AppDeps, 'db'>) {
  for (const account of await repo.accountsWithRetention(deps.db)) {
    if (account.days !== null) await applyRetention(deps, account.id, account.days);
  }
}

export async function getSettings(deps: Deps, auth: AuthContext): Promise<PrivacySettings> {
  assertPrivacyAdmin(auth);
  return presentSettings(await repo.retentionDays(deps.db, auth.accountId));
}

export async function updateSettings(
  deps: Deps,
  auth: AuthContext,
  input: PrivacySettingsInput,
): Promise<PrivacySettings> {
  assertPrivacyAdmin(auth);
  await deps.db.transaction(async (tx) => {
    const before = await repo.retentionDays(tx, auth.accountId);
    await repo.setRetentionDays(tx, auth.accountId, input.personal_data_retention_days);
    if (before !== input.personal_data_retention_days)
      await audit.record(tx, {
        action: 'privacy.retention_changed',
        changes: { personal_data_retention_days: { before, after: input.personal_data_retention_days } },
      });
  });
  return presentSettings(input.personal_data_retention_days);
}

const presentSettings = (days: number | null): PrivacySettings => ({
  personal_data_retention_days: days,
  retention_days_min: RETENTION_DAYS_MIN,
  retention_days_max: RETENTION_DAYS_MAX,
});

export async function listRequests(deps: Deps, auth: AuthContext, query: Record<string, unknown>) {
  assertPrivacyAdmin(auth);
  const params = parseListQuery(query, repo.requestListSpec);
  const [rows, total] = await Promise.all([
    repo.listRequests(deps.db, auth.accountId, params),
    repo.countRequests(deps.db, auth.accountId, params),
  ]);
  const data: PrivacyRequest[] = rows.map(({ request, first_name, last_name }) => ({
    id: request.id,
    kind: request.kind,
    person_ref: request.email_hash?.slice(0, 10) ?? null,
    user_name: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
    counts: request.counts,
    created_at: request.created_at.toISOString(),
  }));
  return { data, meta: listMeta(total, params) };
}
