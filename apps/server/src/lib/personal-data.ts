import { type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client.ts';
import { randomBase62 } from './ids.ts';

/**
 * The shared vocabulary of the per-module privacy files (`<module>/<module>.privacy.ts`): each module that
 * holds a kind of personal data lists it (`personalDataOf`) and erases it (`erasePersonalData`); the
 * privacy module orchestrates them in one transaction. Erasing pseudonymises: names become ERASED_NAME,
 * e-mails a non-deliverable address unique per person, free texts (answers, addresses) are removed.
 */

/** What an erased person's names become. */
export const ERASED_NAME = 'Persona eliminada';
/** RFC 2606 reserves `.invalid`: no mail is ever delivered there. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/**
 * Whose data is erased: one person (their lower-cased e-mail, and the pseudonym every module gives them,
 * so their rows stay linked to each other), or every buyer of some events (the retention sweep: a fresh
 * pseudonym per row).
 */
export type ErasureTarget = { email: string; pseudonym: string } | { eventIds: string[] };

/** What an erasure did to one kind of data: rows pseudonymised or removed, and rows kept on purpose. */
export interface ErasureCount {
  erased: number;
  kept: number;
}

/** One kind of personal data, as its owning module hands it to the privacy module. */
export interface PersonalDataKind {
  kind: string;
  personalDataOf(q: Queryable, accountId: string, email: string): Promise<Record<string, unknown>[]>;
  erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget): Promise<ErasureCount>;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A pseudonym for one person: `erased-<random>@erased.invalid`, never derived from the e-mail. */
export const newPseudonym = () => `erased-${randomBase62(16).toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;

/** SQL: the address is already a pseudonym (a retention sweep skips it; an erasure finds nothing). */
export const isPseudonym = (column: SQL) => sql`${column} like ${`%@${ERASED_EMAIL_DOMAIN}`}`;

/** SQL: the pseudonym to write: the person's, or a fresh random one per row for an event sweep. */
export function pseudonymSql(target: ErasureTarget): SQL {
  if ('email' in target) return sql`${target.pseudonym}::text`;
  return sql`'erased-' || substr(md5(gen_random_uuid()::text), 1, 16) || ${`@${ERASED_EMAIL_DOMAIN}`}`;
}

/**
 * SQL: the row belongs to the target. `emailColumn` is the row's own address; `eventColumn` its event.
 * An event sweep leaves rows already pseudonymised (and rows without an address) alone.
 */
export function targetSql(target: ErasureTarget, emailColumn: SQL, eventColumn: SQL): SQL {
  if ('email' in target) return sql`lower(${emailColumn}) = ${target.email}`;
  if (!target.eventIds.length) return sql`false`;
  return sql`${eventColumn} in (${sql.join(
    target.eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}) and ${emailColumn} is not null and not ${isPseudonym(emailColumn)}`;
}

/** SQL: a timestamp as ISO 8601 text (the same on both drivers). */
export const isoSql = (column: SQL) => sql`to_json(${column}) #>> '{}'`;
