import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How a list is sorted, kept in the address (`?sort=`, `?dir=`), and how to change it. */
export interface ListSort {
  by: string;
  direction: 'asc' | 'desc';
  set: (by: string, direction: 'asc' | 'desc') => void;
}

/**
 * A back-office list's page, search, filters and open detail kept in the address bar, so a reload or a
 * shared link shows the same list. `?page=` (absent on the first page), `?query=` (written once typing
 * pauses) and any other key the page names (`param`/`setParam`). Changing the search or a filter goes back
 * to the first page; turning pages adds to the browser history, the rest replaces the entry.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('query') ?? '');
  const [query] = useDebouncedValue(search.trim(), 300);
  // Two changes before the address updates (the search's pause ending as a row is opened) must both
  // land: each builds on the one before it, not on the address of the last render.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);

  const update = (change: (next: URLSearchParams) => void, replace: boolean) => {
    const next = new URLSearchParams(pending.current ?? params);
    change(next);
    pending.current = next;
    setParams(next, { replace });
  };

  const setParam = (changes: Record<string, string | null>, replace = true) =>
    update((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    }, replace);

  useEffect(() => {
    if (query === ((pending.current ?? params).get('query') ?? '')) return;
    update((next) => {
      if (query) next.set('query', query);
      else next.delete('query');
      next.delete('page');
    }, true);
  }, [query, params]);

  return {
    page,
    search,
    setSearch,
    query,
    param: (key: string) => params.get(key) ?? '',
    setParam,
    /** A filter's new value: back to the first page. */
    setFilter: (key: string, value: string | null) => setParam({ [key]: value || null, page: null }),
    setPage: (p: number) => setParam({ page: p > 1 ? String(p) : null }, false),
    /**
     * The list's sort from `?sort=`/`?dir=`, one of `allowed` (what the server sorts this list by), or
     * `fallback`; a new sort goes back to the first page.
     */
    sortOf: (allowed: readonly string[], fallback: Omit<ListSort, 'set'>): ListSort => {
      const by = params.get('sort') ?? '';
      const dir = params.get('dir');
      const known = allowed.includes(by);
      return {
        by: known ? by : fallback.by,
        direction: known ? (dir === 'asc' ? 'asc' : 'desc') : fallback.direction,
        set: (nextBy, nextDir) => setParam({ sort: nextBy, dir: nextDir, page: null }),
      };
    },
  };
}
