import type { UserRole } from '@taquilla/shared';
import { and, count, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accounts, accountUsers, users, userTokens } from '../../db/schema/index.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

/**
 * While a membership is INVITED, its names are the ones the inviter typed, whether or not the user
 * already existed (inviting must not tell): shown, searched and sorted by.
 */
const invited = sql`${accountUsers.status} = 'INVITED'`;
const shownFirstName = sql<string>`case when ${invited} then coalesce(${accountUsers.invited_first_name}, '') else ${users.first_name} end`;
const shownLastName = sql<string>`case when ${invited} then coalesce(${accountUsers.invited_last_name}, '') else ${users.last_name} end`;

/** SQL of account members: a user joined with their membership in one account. Always by account_id. */
const memberColumns = {
  id: users.id,
  email: users.email,
  first_name: shownFirstName,
  last_name: shownLastName,
  locale: users.locale,
  timezone: users.timezone,
  email_verified_at: users.email_verified_at,
  pending_email: users.pending_email,
  has_password: sql<boolean>`${users.password_hash} is not null`,
  role: accountUsers.role,
  status: accountUsers.status,
  is_owner: accountUsers.is_owner,
  organizer_ids: accountUsers.organizer_ids,
  created_at: accountUsers.created_at,
};
export type MemberRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  locale: string;
  timezone: string;
  email_verified_at: Date | null;
  pending_email: string | null;
  has_password: boolean;
  role: UserRole;
  status: 'ACTIVE' | 'INVITED' | 'INACTIVE';
  is_owner: boolean;
  organizer_ids: string[] | null;
  created_at: Date;
};

export const memberListSpec: ListSpec = {
  sortable: {
    first_name: shownFirstName,
    last_name: shownLastName,
    email: users.email,
    role: accountUsers.role,
    status: accountUsers.status,
    created_at: accountUsers.created_at,
  },
  defaultSort: { by: 'created_at', direction: 'asc' },
  filterable: {
    role: { column: accountUsers.role, operators: ['eq', 'ne', 'in'] },
    status: { column: accountUsers.status, operators: ['eq', 'ne', 'in'] },
    email: { column: users.email, operators: ['eq', 'like'] },
  },
};

const base = (db: Queryable) =>
  db.select(memberColumns).from(accountUsers).innerJoin(users, eq(users.id, accountUsers.user_id));

export async function findMember(db: Queryable, accountId: string, userId: string) {
  const [row] = await base(db)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)))
    .limit(1);
  return row as MemberRow | undefined;
}

export async function findMemberForUpdate(db: Queryable, accountId: string, userId: string) {
  const [row] = await base(db)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)))
    .limit(1)
    .for('update', { of: accountUsers });
  return row as MemberRow | undefined;
}

export async function listMembers(db: Queryable, accountId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [eq(accountUsers.account_id, accountId), params.where];
  if (params.query) {
    const p = likePattern(params.query);
    conditions.push(
      or(
        ilike(users.email, p),
        ilike(shownFirstName, p),
        ilike(shownLastName, p),
        ilike(sql`${shownFirstName} || ' ' || ${shownLastName}`, p),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await base(db)
    .where(where)
    .orderBy(params.orderBy, users.id)
    .limit(params.perPage)
    .offset(params.offset);
  const { total } = one(
    await db
      .select({ total: count() })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.user_id))
      .where(where),
  );
  return { rows: rows as MemberRow[], total };
}

export async function findAccount(db: Queryable, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert) {
  return one(await db.insert(users).values(values).returning());
}

export async function insertMembership(db: Queryable, values: typeof accountUsers.$inferInsert) {
  await db.insert(accountUsers).values(values);
}

export async function updateMembership(
  db: Queryable,
  accountId: string,
  userId: string,
  values: Partial<typeof accountUsers.$inferInsert>,
) {
  await db
    .update(accountUsers)
    .set(values)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)));
}

export async function deleteMembership(db: Queryable, accountId: string, userId: string) {
  await db
    .delete(accountUsers)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)));
}

export async function countMemberships(db: Queryable, userId: string) {
  const [row] = await db.select({ n: count() }).from(accountUsers).where(eq(accountUsers.user_id, userId));
  return row?.n ?? 0;
}

export async function deleteUser(db: Queryable, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}

/** How many invitations the account sent since a moment (new and resent ones). */
export async function countInvitationsSince(db: Queryable, accountId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.account_id, accountId),
        eq(userTokens.kind, 'INVITATION'),
        gt(userTokens.created_at, since),
      ),
    );
  return row?.n ?? 0;
}
