import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  FILTER_OPERATORS,
  type FilterOperator,
  type ListMeta,
  MAX_PER_PAGE,
} from '@taquilla/shared';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, type FieldError } from './errors.ts';
import { isUuid } from './ids.ts';
import { coreMessages } from './messages.ts';

/**
 * The list-query helper every list endpoint uses (DESIGN §4): page, per_page, query, sort_by,
 * sort_direction and filter_fields[field][operator]=value, all allow-listed. Anything else is a 422.
 */
export type FilterType = 'string' | 'number' | 'date' | 'boolean' | 'uuid';

export interface ListSpec {
  sortable: Record<string, AnyPgColumn | SQL>;
  defaultSort: { by: string; direction: 'asc' | 'desc' };
  filterable?: Record<string, { column: AnyPgColumn | SQL; operators: FilterOperator[]; type?: FilterType }>;
  /** Extra query parameters this endpoint reads itself (e.g. `eventsState`). */
  extraParams?: string[];
}

export interface ListParams {
  page: number;
  perPage: number;
  offset: number;
  query?: string;
  orderBy: SQL;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  /** The filters as SQL conditions, ready for `and(...)`. */
  where: SQL | undefined;
  filters: { field: string; operator: FilterOperator; value: string }[];
}

const FILTER_KEY = /^filter_fields\[([a-z_][a-z0-9_]*)\]\[([a-z]+)\]$/;
const BASE_PARAMS = ['page', 'per_page', 'query', 'sort_by', 'sort_direction'];

export function parseListQuery(raw: Record<string, unknown>, spec: ListSpec): ListParams {
  const fields: Record<string, FieldError> = {};
  const str = (v: unknown) =>
    Array.isArray(v) ? String(v[v.length - 1]) : v === undefined ? undefined : String(v);

  const page = parsePositiveInt(str(raw.page), DEFAULT_PAGE);
  if (page === null) fields.page = { key: coreMessages['list.invalid_page'] };
  const perPage = parsePositiveInt(str(raw.per_page), DEFAULT_PER_PAGE);
  if (perPage === null || perPage > MAX_PER_PAGE) {
    fields.per_page = { key: coreMessages['list.invalid_per_page'], params: { max: MAX_PER_PAGE } };
  }

  const sortBy = str(raw.sort_by) ?? spec.defaultSort.by;
  // Own keys only: `__proto__` or `constructor` are not columns.
  if (!Object.hasOwn(spec.sortable, sortBy)) {
    fields.sort_by = {
      key: coreMessages['list.invalid_sort_by'],
      params: { value: sortBy, allowed: Object.keys(spec.sortable).join(', ') },
    };
  }
  const direction = str(raw.sort_direction) ?? spec.defaultSort.direction;
  if (direction !== 'asc' && direction !== 'desc') {
    fields.sort_direction = { key: coreMessages['list.invalid_sort_direction'] };
  }

  const filters: ListParams['filters'] = [];
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (BASE_PARAMS.includes(key) || spec.extraParams?.includes(key)) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) {
      fields[key] = { key: coreMessages['list.unknown_parameter'], params: { value: key } };
      continue;
    }
    const [, field = '', op = ''] = match;
    // Own keys only: `__proto__` or `constructor` are not filterable fields.
    const def = spec.filterable && Object.hasOwn(spec.filterable, field) ? spec.filterable[field] : undefined;
    if (!def) {
      fields[key] = { key: coreMessages['list.invalid_filter_field'], params: { value: field } };
      continue;
    }
    if (
      !(FILTER_OPERATORS as readonly string[]).includes(op) ||
      !def.operators.includes(op as FilterOperator)
    ) {
      fields[key] = { key: coreMessages['list.invalid_filter_operator'], params: { value: op } };
      continue;
    }
    const text = str(value) ?? '';
    const condition = buildCondition(def.column, op as FilterOperator, text, def.type ?? 'string');
    if (!condition) {
      fields[key] = { key: coreMessages['list.invalid_filter_value'] };
      continue;
    }
    filters.push({ field, operator: op as FilterOperator, value: text });
    conditions.push(condition);
  }

  const column = spec.sortable[sortBy];
  // An unknown sort_by has already been reported in `fields`; the column check narrows the type.
  if (Object.keys(fields).length > 0 || !column) {
    throw new AppError(422, 'VALIDATION_FAILED', coreMessages['error.validation_failed'], { fields });
  }
  const p = page as number;
  const pp = perPage as number;
  const query = str(raw.query)?.trim();
  return {
    page: p,
    perPage: pp,
    offset: (p - 1) * pp,
    query: query ? query.slice(0, 200) : undefined,
    sortBy,
    sortDirection: direction as 'asc' | 'desc',
    orderBy: direction === 'asc' ? asc(column) : desc(column),
    where: conditions.length ? and(...conditions) : undefined,
    filters,
  };
}

export function listMeta(total: number, params: Pick<ListParams, 'page' | 'perPage'>): ListMeta {
  return {
    current_page: params.page,
    per_page: params.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / params.perPage)),
  };
}

/** Escapes % and _ so a user's search text matches literally inside ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Pages beyond this are refused: the offset must stay an exact integer the database accepts. */
const MAX_PAGE = 1_000_000;

function parsePositiveInt(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : null;
}

/** A filter number must fit the integer columns it is compared with. */
const MAX_FILTER_NUMBER = 2_147_483_647;

function convert(text: string, type: FilterType): unknown | undefined {
  switch (type) {
    case 'number':
      return /^-?\d{1,10}(\.\d{1,6})?$/.test(text) && Math.abs(Number(text)) <= MAX_FILTER_NUMBER
        ? Number(text)
        : undefined;
    case 'date': {
      // Years PostgreSQL and JavaScript both represent.
      const d = new Date(text);
      const year = d.getUTCFullYear();
      return text && !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999 ? d : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'uuid':
      return isUuid(text) ? text : undefined;
    default:
      return text.length <= 500 ? text : undefined;
  }
}

function buildCondition(
  column: AnyPgColumn | SQL,
  op: FilterOperator,
  text: string,
  type: FilterType,
): SQL | undefined {
  if (op === 'in') {
    const values = text.split(',').map((v) => convert(v.trim(), type));
    if (values.length === 0 || values.some((v) => v === undefined)) return undefined;
    return inArray(column as AnyPgColumn, values);
  }
  if (op === 'like') return type === 'string' ? ilike(column as AnyPgColumn, likePattern(text)) : undefined;
  const value = convert(text, type);
  if (value === undefined) return undefined;
  const fn = { eq, ne, gt, gte, lt, lte }[op];
  return fn(column as AnyPgColumn, value);
}

/** The querystring schema of a list route: any parameters, checked by parseListQuery against its spec. */
export const listQuerystring = z.record(z.string(), z.unknown());
