import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/app.ts';
import { openDatabase, rowsOf } from './client.ts';
import { StatementNames } from './prepared-statements.ts';

/** Needs the PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL), as CI has. */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('statement names', () => {
  it('names a text from its third use on, always the same name, and different texts differently', () => {
    const names = new StatementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^taquilla_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    for (let i = 0; i < 3; i++) names.nameFor('select $1 + 1');
    expect(names.nameFor('select $1 + 1')).not.toBe(name);
  });

  it('names at most 300 texts; later ones run unnamed, the named ones keep their names', () => {
    const names = new StatementNames();
    const use = (text: string) => [0, 1, 2].map(() => names.nameFor(text)).at(-1);
    const first = use('q 0');
    for (let i = 1; i < 300; i++) use(`q ${i}`);
    expect(use('q 300')).toBeUndefined();
    expect(names.nameFor('q 0')).toBe(first);
  });
});

describe('prepared statements on PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPgDatabase>>;
  beforeAll(async () => {
    created = await createPgDatabase(BASE_URL);
  });
  afterAll(() => created.drop());

  /** The statements this connection has prepared, after running one parameterised query five times. */
  async function preparedAfterRepeats(preparedStatements: boolean) {
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 1, preparedStatements });
    try {
      const sums: number[] = [];
      for (let i = 0; i < 5; i++) {
        const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select ${i}::int + 1 as n`));
        sums.push(row?.n ?? -1);
      }
      const prepared = rowsOf<{ name: string; statement: string }>(
        await database.db.execute(sql`select name, statement from pg_prepared_statements`),
      );
      return { sums, prepared };
    } finally {
      await database.close();
    }
  }

  it('runs a repeated query as one named statement, with the right answers', async () => {
    const { sums, prepared } = await preparedAfterRepeats(true);
    expect(sums).toEqual([1, 2, 3, 4, 5]);
    expect(prepared).toEqual([
      { name: expect.stringMatching(/^taquilla_\d+$/), statement: 'select $1::int + 1 as n' },
    ]);
  });

  it('prepares nothing when DATABASE_PREPARED_STATEMENTS is false', async () => {
    const { sums, prepared } = await preparedAfterRepeats(false);
    expect(sums).toEqual([1, 2, 3, 4, 5]);
    expect(prepared).toEqual([]);
  });
});
