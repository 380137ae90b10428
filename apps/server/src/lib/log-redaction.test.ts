import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createAccountWithUser } from '../test/factories/accounts.ts';
import { linkToken, takeMail } from '../test/factories/auth.ts';

/** Reset and invitation tokens never reach the logs: the app's real logger, its lines captured. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => t.close());

describe('log redaction', () => {
  it('logs the requests of reset and invitation links without their tokens', async () => {
    const admin = await createAccountWithUser(t.app, { email: 'registro@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'registro@example.com' },
    });
    const resetMail = (await takeMail(t.app)).at(-1);
    const reset = linkToken(resetMail, '/auth/reset-password/');
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        first_name: 'Eva',
        last_name: 'Ruiz',
        email: 'invitada.log@example.com',
        role: 'ORGANIZER',
      },
    });
    const inviteMail = (await takeMail(t.app)).at(-1);
    const invitation = linkToken(inviteMail, '/auth/accept-invitation/');

    expect((await t.app.inject({ url: `/api/auth/reset-password/${reset}` })).statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${reset}?via=mail`,
      payload: { password: 'clave-nueva-larga', password_confirmation: 'clave-nueva-larga' },
    });
    expect(set.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/auth/invitations/${invitation}` })).statusCode).toBe(200);
    // An unknown route under the link (Fastify logs the URL in its message) and the SPA's page path.
    await t.app.inject({ url: `/api/auth/invitations/${invitation}/otra-cosa` });
    await t.app.inject({ url: `/auth/accept-invitation/${invitation}` });
    // Whatever logs the e-mail's link, in an object or in the message.
    const link = inviteMail?.links.find((l) => l.includes(invitation)) ?? '';
    t.app.log.info({ link, nested: { link } }, `invitation link ${link}`);

    const log = lines.join('');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('/api/auth/invitations/[redacted]');
    expect(log).toContain('/auth/accept-invitation/[redacted]');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(reset);
    expect(log).not.toContain(invitation);
  });
});
