// fetch is this client's outside boundary (the network), so it is the one thing replaced here; the
// real client against the real server is covered by the e2e journeys.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, getToken, publicApi, shouldRedirectToLogin, takePreviousUrl } from './api-client.ts';

describe('shouldRedirectToLogin (spec §6)', () => {
  it('redirects back-office paths and always /manage/event/', () => {
    expect(shouldRedirectToLogin('/manage/events')).toBe(true);
    expect(shouldRedirectToLogin('/account/users')).toBe(true);
    expect(shouldRedirectToLogin('/manage/event/123/orders')).toBe(true);
  });
  it('leaves public and checkout paths alone', () => {
    for (const path of [
      '/auth/login',
      '/auth/accept-invitation/abc',
      '/auth/register',
      '/auth/forgot-password',
      '/account/payment',
      '/checkout/1/o_x/details',
      '/event/1/concierto',
      '/order/1/o_x/print',
      '/ticket/1/a_x',
      '/ticket/1/a_x/print',
      '/widget/1',
      '/check-in/c_x',
    ]) {
      expect(shouldRedirectToLogin(path), path).toBe(false);
    }
  });
});

describe('api client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers }));

  it('sends the stored token and stores a token from the body or the x-auth-token header', async () => {
    localStorage.setItem('token', 'old');
    respond(200, { data: { token: 'from-body' } });
    await api('auth/login', { method: 'POST', body: { email: 'a@b.c' } });
    const call = fetchMock.mock.calls[0];
    if (!call) throw new Error('fetch was not called');
    const [url, init] = call;
    expect(url).toBe('/api/auth/login');
    expect(init.headers.authorization).toBe('Bearer old');
    expect(init.credentials).toBe('include');
    expect(getToken()).toBe('from-body');
    respond(200, { data: {} }, { 'x-auth-token': 'from-header' });
    await api('users/me');
    expect(getToken()).toBe('from-header');
  });

  it('the public client sends no credentials', async () => {
    localStorage.setItem('token', 'secret');
    respond(200, { data: [] });
    await publicApi('events/1', { query: { promo_code: 'VIP' } });
    const call = fetchMock.mock.calls[0];
    if (!call) throw new Error('fetch was not called');
    const [url, init] = call;
    expect(url).toBe('/api/public/events/1?promo_code=VIP');
    expect(init.headers.authorization).toBeUndefined();
    expect(init.credentials).toBe('omit');
  });

  it('turns the error envelope into an ApiError with fields', async () => {
    respond(422, { error: { code: 'VALIDATION_FAILED', message: 'Revisa', fields: { email: 'mal' } } });
    const error = await publicApi<never>('x', { method: 'POST', body: {} }).catch(
      (e: unknown) => e as ApiError,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 422, code: 'VALIDATION_FAILED', message: 'Revisa' });
    expect(error.fields).toEqual({ email: 'mal' });
  });

  it('a TWO_FACTOR_REQUIRED refusal opens enrolment, another 403 the login', async () => {
    const assign = vi.fn();
    const at = (pathname: string) =>
      vi
        .spyOn(window, 'location', 'get')
        .mockReturnValue({ pathname, search: '', hash: '', assign } as never);
    at('/manage/events');
    localStorage.setItem('token', 'sesion');
    respond(403, { error: { code: 'TWO_FACTOR_REQUIRED', message: 'Activa la verificación' } });
    await api('events').catch(() => undefined);
    expect(assign).toHaveBeenLastCalledWith('/manage/profile/two-factor');
    expect(getToken()).toBe('sesion');
    // Already there: no loop.
    assign.mockClear();
    at('/manage/profile/two-factor');
    respond(403, { error: { code: 'TWO_FACTOR_REQUIRED', message: 'Activa la verificación' } });
    await api('events').catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
    at('/manage/events');
    respond(403, { error: { code: 'FORBIDDEN', message: 'No' } });
    await api('events').catch(() => undefined);
    expect(assign).toHaveBeenLastCalledWith('/auth/login');
    vi.restoreAllMocks();
  });

  it('reports network failures and timeouts by kind', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('x')).rejects.toMatchObject({ kind: 'network' });
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    await expect(api('x', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('previous_url is restored once, never to an outside address', () => {
    localStorage.setItem('previous_url', '/manage/event/1/orders');
    expect(takePreviousUrl()).toBe('/manage/event/1/orders');
    expect(takePreviousUrl()).toBe('/manage/events');
    localStorage.setItem('previous_url', '//evil.example');
    expect(takePreviousUrl()).toBe('/manage/events');
  });
});
