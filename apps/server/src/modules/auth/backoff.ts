import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { authMessages as m } from './auth.messages.ts';
import * as repo from './auth.repository.ts';

/**
 * Slows password and code guessing without locking the owner out. Failures are counted per key; past a
 * key's free failures, the next attempt on it waits 2 s, then 4 s, 8 s… (at most 15 min) after the last
 * failure, and is refused (429) before any check until then. The keys of a password check are the
 * (address, e-mail) pair (5 free), the address across e-mails (30) and the e-mail across addresses (100):
 * an attacker's failures from other addresses slow only their own pairs, and the owner, from their own
 * address, still gets in unless a distributed attack passes the e-mail's much higher ceiling. A success
 * clears its pair. Counts live in the database, so every process and host counts together; a key is
 * forgotten an hour after its last failure.
 */
const FORGET_AFTER_MS = 3600_000;
const MAX_DELAY_MS = 15 * 60_000;

export interface BackoffKey {
  key: string;
  free: number;
  /** Cleared by a success (the pair's own count), not only forgotten with time. */
  clearOnSuccess?: boolean;
}

/** The keys of a password check from `ip` for the account of `email`. */
export function passwordKeys(ip: string, email: string): BackoffKey[] {
  const address = email.trim().toLowerCase();
  return [
    { key: `pw:${ip}|${address}`, free: 5, clearOnSuccess: true },
    { key: `ip:${ip}`, free: 30 },
    { key: `email:${address}`, free: 100 },
  ];
}

/** The keys of a second-factor check by a user from `ip`. */
export function codeKeys(ip: string, userId: string): BackoffKey[] {
  return [
    { key: `code:${ip}|${userId}`, free: 5, clearOnSuccess: true },
    { key: `ip:${ip}`, free: 30 },
    { key: `code:${userId}`, free: 20 },
  ];
}

export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(20, failures - free + 1));
}

/** Refuses (429) while any key is waiting out its delay. */
export async function assertNotBackedOff(db: Queryable, keys: BackoffKey[]) {
  const rows = await repo.findFailures(
    db,
    keys.map((k) => k.key),
  );
  const now = Date.now();
  let waitMs = 0;
  for (const row of rows) {
    const last = row.last_failed_at.getTime();
    if (now - last > FORGET_AFTER_MS) continue;
    const free = keys.find((k) => k.key === row.key)?.free ?? 0;
    waitMs = Math.max(waitMs, last + delayAfter(row.failures, free) - now);
  }
  if (waitMs > 0) {
    throw new AppError(429, 'RATE_LIMITED', m['auth.backoff'], {
      params: { seconds: Math.ceil(waitMs / 1000) },
    });
  }
}

/** Runs a check (password, code) under the keys' back-off and counts its outcome. */
export async function guarded(db: Queryable, keys: BackoffKey[], check: () => Promise<boolean>) {
  await assertNotBackedOff(db, keys);
  const ok = await check();
  if (ok) {
    await repo.clearFailures(
      db,
      keys.filter((k) => k.clearOnSuccess).map((k) => k.key),
    );
  } else {
    await repo.addFailures(
      db,
      keys.map((k) => k.key),
      FORGET_AFTER_MS,
    );
  }
  return ok;
}
