import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, one } from '../lib/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { rowsOf } from './client.ts';

describe(`database driver (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('applies the migrations', async () => {
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
      ),
    );
    expect(at(rows, 0).n).toBe(1);
  });

  it('50 parallel transactions that lock and increment one row end at exactly +50', async () => {
    const db = t.database.db;
    await db.execute(sql`create table counter (id int primary key, n int not null)`);
    await db.execute(sql`insert into counter values (1, 0)`);
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const row = one(
            rowsOf<{ n: number }>(await tx.execute(sql`select n from counter where id = 1 for update`)),
          );
          // Yield between read and write so an unlocked version would interleave and lose updates.
          await new Promise((r) => setTimeout(r, 1));
          await tx.execute(sql`update counter set n = ${row.n + 1} where id = 1`);
        }),
      ),
    );
    const row = one(rowsOf<{ n: number }>(await db.execute(sql`select n from counter where id = 1`)));
    expect(row.n).toBe(50);
  });

  // PGlite runs one transaction at a time, so the race cannot exist there; the control is for PostgreSQL.
  if (process.env.DATABASE_URL) {
    it('without the lock the same read-modify-write loses updates (control)', async () => {
      const db = t.database.db;
      await db.execute(sql`create table counter2 (id int primary key, n int not null)`);
      await db.execute(sql`insert into counter2 values (1, 0)`);
      await Promise.all(
        Array.from({ length: 50 }, () =>
          db.transaction(async (tx) => {
            const row = one(
              rowsOf<{ n: number }>(await tx.execute(sql`select n from counter2 where id = 1`)),
            );
            await new Promise((r) => setTimeout(r, 1));
            await tx.execute(sql`update counter2 set n = ${row.n + 1} where id = 1`);
          }),
        ),
      );
      const row = one(rowsOf<{ n: number }>(await db.execute(sql`select n from counter2 where id = 1`)));
      expect(row.n).toBeLessThan(50);
    });
  }
});
