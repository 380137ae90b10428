import type { Queryable } from './client.ts';

/**
 * A query of the hot path built once per database handle instead of on every call: Drizzle's query
 * building (walking the columns, escaping names) cost more Node CPU than the round trip for the checkout's
 * order lookup. `build` makes the query with `sql.placeholder(...)` for its values and `.prepare(name)`;
 * PostgreSQL then also keeps it as a named statement. A transaction handle gets its own (short-lived) copy.
 */
export function preparedQuery<P>(build: (q: Queryable) => P): (q: Queryable) => P {
  const built = new WeakMap<Queryable, P>();
  return (q) => {
    let query = built.get(q);
    if (!query) {
      query = build(q);
      built.set(q, query);
    }
    return query;
  };
}
