import { integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type ListSpec, likePattern, listMeta, parseListQuery } from './pagination.ts';

const things = pgTable('things', {
  name: text('name'),
  status: text('status'),
  created_at: timestamp('created_at', { withTimezone: true }),
  seats: integer('seats'),
});
const spec: ListSpec = {
  sortable: { name: things.name, created_at: things.created_at },
  defaultSort: { by: 'created_at', direction: 'desc' },
  filterable: {
    status: { column: things.status, operators: ['eq', 'ne', 'in'] },
    seats: { column: things.seats, operators: ['gt', 'gte', 'lt', 'lte'], type: 'number' },
    created_at: { column: things.created_at, operators: ['gte', 'lt'], type: 'date' },
    name: { column: things.name, operators: ['like'] },
  },
  extraParams: ['eventsState'],
};
const dialect = new PgDialect();
const toSql = (p: ReturnType<typeof parseListQuery>) => (p.where ? dialect.sqlToQuery(p.where) : undefined);

function fieldsOf(fn: () => unknown): Record<string, unknown> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    return (err as AppError).opts.fields as Record<string, unknown>;
  }
  throw new Error('expected a 422');
}

describe('parseListQuery', () => {
  it('applies the defaults: page 1, 20 per page, default sort', () => {
    const p = parseListQuery({}, spec);
    expect(p).toMatchObject({ page: 1, perPage: 20, offset: 0, sortBy: 'created_at', sortDirection: 'desc' });
    expect(p.where).toBeUndefined();
  });

  it('reads page, per_page, query and sort', () => {
    const p = parseListQuery(
      { page: '3', per_page: '50', query: '  rock  ', sort_by: 'name', sort_direction: 'asc' },
      spec,
    );
    expect(p).toMatchObject({
      page: 3,
      perPage: 50,
      offset: 100,
      query: 'rock',
      sortBy: 'name',
      sortDirection: 'asc',
    });
    expect(dialect.sqlToQuery(p.orderBy).sql).toBe('"things"."name" asc');
  });

  it('builds filters from filter_fields[field][operator]=value', () => {
    const p = parseListQuery(
      {
        'filter_fields[status][in]': 'LIVE,DRAFT',
        'filter_fields[seats][gte]': '10',
        'filter_fields[name][like]': '50%_off',
        'filter_fields[created_at][lt]': '2026-01-01T00:00:00Z',
        eventsState: 'upcoming',
      },
      spec,
    );
    const q = toSql(p)!;
    expect(q.sql).toContain('"things"."status" in ($1, $2)');
    expect(q.sql).toContain('"things"."seats" >= $3');
    expect(q.sql).toContain('"things"."name" ilike $4');
    expect(q.params).toEqual([
      'LIVE',
      'DRAFT',
      10,
      '%50\\%\\_off%',
      new Date('2026-01-01T00:00:00Z').toISOString(),
    ]);
    expect(p.filters).toHaveLength(4);
  });

  it('rejects what is not allow-listed, naming each parameter', () => {
    const fields = fieldsOf(() =>
      parseListQuery(
        {
          page: '0',
          per_page: '101',
          sort_by: 'password',
          sort_direction: 'up',
          'filter_fields[secret][eq]': 'x',
          'filter_fields[status][gt]': 'x',
          'filter_fields[seats][gt]': 'many',
          'filter_fields[status][drop]': 'x',
          unknown: '1',
        },
        spec,
      ),
    );
    expect(Object.keys(fields).sort()).toEqual(
      [
        'filter_fields[seats][gt]',
        'filter_fields[secret][eq]',
        'filter_fields[status][drop]',
        'filter_fields[status][gt]',
        'page',
        'per_page',
        'sort_by',
        'sort_direction',
        'unknown',
      ].sort(),
    );
  });

  it('rejects malformed numbers and dates', () => {
    expect(Object.keys(fieldsOf(() => parseListQuery({ page: '1.5' }, spec)))).toEqual(['page']);
    expect(
      Object.keys(fieldsOf(() => parseListQuery({ 'filter_fields[created_at][gte]': 'yesterday' }, spec))),
    ).toEqual(['filter_fields[created_at][gte]']);
  });
});

describe('listMeta and likePattern', () => {
  it('computes the last page', () => {
    expect(listMeta(57, { page: 2, perPage: 20 })).toEqual({
      current_page: 2,
      per_page: 20,
      total: 57,
      last_page: 3,
    });
    expect(listMeta(0, { page: 1, perPage: 20 }).last_page).toBe(1);
  });
  it('escapes LIKE wildcards', () => {
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});
