/** Shapes of list responses and list queries shared by server and web (DESIGN §4). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const FILTER_OPERATORS = ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte', 'like'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ListMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface ListQuery {
  page?: number;
  per_page?: number;
  query?: string;
  sort_by?: string;
  sort_direction?: 'asc' | 'desc';
  filters?: Partial<Record<string, Partial<Record<FilterOperator, string>>>>;
}

/** Serialises a list query into the `filter_fields[field][operator]=value` form the API reads. */
export function listQueryToSearchParams(q: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.page) params.set('page', String(q.page));
  if (q.per_page) params.set('per_page', String(q.per_page));
  if (q.query) params.set('query', q.query);
  if (q.sort_by) params.set('sort_by', q.sort_by);
  if (q.sort_direction) params.set('sort_direction', q.sort_direction);
  for (const [field, ops] of Object.entries(q.filters ?? {})) {
    for (const [op, value] of Object.entries(ops ?? {})) {
      if (value !== undefined && value !== '') params.set(`filter_fields[${field}][${op}]`, value);
    }
  }
  return params;
}
