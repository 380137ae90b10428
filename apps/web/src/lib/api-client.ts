import type { ApiErrorBody, ListQuery } from '@taquilla/shared';
import { listQueryToSearchParams } from '@taquilla/shared/pagination';

/**
 * The API clients of DESIGN §6. `api` is the authenticated client (bearer token from localStorage,
 * token captured from responses, 401/403 → login with previous_url); `publicApi` calls /api/public
 * without credentials.
 */
export const TOKEN_KEY = 'token';
export const PREVIOUS_URL_KEY = 'previous_url';
export const DEFAULT_LANDING = '/manage/events';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'offline';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: ListQuery | Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Milliseconds; none by default (spec §7). */
  timeoutMs?: number;
  /** 'text' answers the body as it came (a CSV export), 'blob' as bytes (an XLSX export), instead of JSON. */
  as?: 'json' | 'text' | 'blob';
  /** Extra request headers (the waiting room's admission pass). */
  headers?: Record<string, string>;
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** Paths where a 401/403 does not send the user to login (spec §6). /manage/event/ always redirects. */
const NO_REDIRECT_FRAGMENTS = [
  'auth',
  'accept-invitation',
  'register',
  'forgot-password',
  'account/payment',
  'checkout',
  '/event/',
  'print',
  '/order/',
  'widget',
  '/ticket/',
  'check-in',
];

export function shouldRedirectToLogin(pathname: string): boolean {
  if (pathname.startsWith('/manage/event/')) return true;
  return !NO_REDIRECT_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}

/** Where login sends the user back to; consumed once. */
export function takePreviousUrl(): string {
  const url = localStorage.getItem(PREVIOUS_URL_KEY);
  localStorage.removeItem(PREVIOUS_URL_KEY);
  return url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/auth/') ? url : DEFAULT_LANDING;
}

function redirectToLogin() {
  const { pathname, search, hash } = window.location;
  if (!shouldRedirectToLogin(pathname)) return;
  localStorage.setItem(PREVIOUS_URL_KEY, pathname + search + hash);
  window.location.assign('/auth/login');
}

/** The account requires 2FA and the user has none: the server opens nothing but enrolment until then. */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
export const TWO_FACTOR_PATH = '/manage/profile/two-factor';

function redirectToTwoFactor() {
  if (window.location.pathname !== TWO_FACTOR_PATH) window.location.assign(TWO_FACTOR_PATH);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `/api/${path.replace(/^\//, '')}`;
  if (query) {
    const params =
      'filters' in query || 'per_page' in query || 'sort_by' in query
        ? listQueryToSearchParams(query as ListQuery)
        : new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined && v !== '')
              .map(([k, v]) => [k, String(v)]),
          );
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

async function request<T>(path: string, opts: RequestOptions, authenticated: boolean): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('offline', 0, 'offline');
  }
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const token = authenticated ? getToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  // Public calls send no cookie: the page's language (kept on <html lang>) picks the server's messages.
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (!authenticated && lang) headers['accept-language'] = lang;

  const controller = new AbortController();
  let timedOut = false;
  const timer = opts.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, opts.timeoutMs)
    : undefined;
  opts.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    response = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: isForm
        ? (opts.body as FormData)
        : opts.body !== undefined
          ? JSON.stringify(opts.body)
          : undefined,
      credentials: authenticated ? 'include' : 'omit',
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError('timeout', 0, 'timeout');
    if ((err as Error).name === 'AbortError') throw new ApiError('aborted', 0, 'aborted');
    throw new ApiError(navigator.onLine === false ? 'offline' : 'network', 0, 'network');
  } finally {
    if (timer) clearTimeout(timer);
  }

  const headerToken = response.headers.get('x-auth-token');
  if (authenticated && headerToken) setToken(headerToken);
  if (opts.as === 'blob' && response.ok) return (await response.blob()) as T;
  const text = await response.text();
  const json = text ? safeJson(text) : undefined;

  if (response.status >= 200 && response.status < 300) {
    if (opts.as === 'text') return text as T;
    const bodyToken = (json as { data?: { token?: unknown } } | undefined)?.data?.token;
    if (authenticated && typeof bodyToken === 'string') setToken(bodyToken);
    return json as T;
  }
  const error = (json as ApiErrorBody | undefined)?.error;
  if (authenticated && response.status === 403 && error?.code === TWO_FACTOR_REQUIRED) {
    redirectToTwoFactor();
  } else if (authenticated && (response.status === 401 || response.status === 403)) {
    if (response.status === 401) clearToken();
    redirectToLogin();
  }
  throw new ApiError(
    'http',
    response.status,
    error?.message ?? response.statusText,
    error?.code,
    error?.fields,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = <T>(path: string, opts: RequestOptions = {}) => request<T>(path, opts, true);
export const publicApi = <T>(path: string, opts: RequestOptions = {}) =>
  request<T>(`public/${path.replace(/^\//, '')}`, opts, false);
