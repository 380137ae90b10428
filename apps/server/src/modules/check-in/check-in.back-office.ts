import { randomUUID } from 'node:crypto';
import type { Locale } from '@taquilla/shared';
import type { DoorCheckInResult } from '@taquilla/shared/schemas/check-in';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './check-in.repository.ts';
import { ownedList } from './check-in.service.ts';
import { DESK_SCAN_PREFIX, uploadCheckIns } from './check-in.sync.ts';

/**
 * The organizer checks an attendee in on a list from the back office (someone at the desk without a
 * ticket on their phone): the door's own decision — list open, ticket covered, attendee valid, not in
 * already — as a scan asked online, so the door's devices and counts see it like any other.
 */
export async function checkInAttendee(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  auth: AuthContext,
  eventId: string,
  listId: string,
  attendeeId: string,
  locale: Locale,
): Promise<DoorCheckInResult> {
  assertCan(auth, 'check-in:manage');
  const list = await ownedList(deps.db, auth, eventId, listId);
  const code = await repo.attendeeShortId(deps.db, auth.accountId, eventId, attendeeId);
  if (!code) throw notFound();
  const scan = {
    client_id: `${DESK_SCAN_PREFIX}${randomUUID()}`,
    code,
    scanned_at: new Date().toISOString(),
  };
  const [answer] = await uploadCheckIns(deps, list.short_id, { check_ins: [scan] }, locale);
  if (!answer) throw new Error('a scan without an answer');
  return answer;
}
