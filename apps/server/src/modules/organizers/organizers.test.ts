import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, createOrganizer } from '../../test/factories/events.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
});
afterAll(() => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('organizers', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const orgUser = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    const created = await inject('POST', '/api/organizers', orgUser.headers, {
      name: 'Producciones Alba',
      email: 'hola@alba.es',
      website: 'https://alba.es',
      description: 'Conciertos en Sevilla',
    });
    expect(created.statusCode).toBe(201);
    const org = created.json().data;
    expect(org).toMatchObject({
      name: 'Producciones Alba',
      email: 'hola@alba.es',
      events_count: 0,
      logo_url: null,
    });

    await createOrganizer(t.app, owner.headers, { name: 'Bravo Eventos' });
    const list = (await inject('GET', '/api/organizers?query=alba', owner.headers)).json();
    expect(list.data.map((o: { name: string }) => o.name)).toEqual(['Producciones Alba']);
    expect(list.meta.total).toBe(1);

    const updated = await inject('PUT', `/api/organizers/${org.id}`, owner.headers, {
      website: '',
      name: 'Alba',
    });
    expect(updated.json().data).toMatchObject({ name: 'Alba', website: null, email: 'hola@alba.es' });

    await createEvent(t.app, owner.headers, { organizer_id: org.id });
    expect((await inject('GET', `/api/organizers/${org.id}`, owner.headers)).json().data.events_count).toBe(
      1,
    );
    const refused = await inject('DELETE', `/api/organizers/${org.id}`, owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/tiene eventos/);

    const empty = await createOrganizer(t.app, owner.headers);
    expect((await inject('DELETE', `/api/organizers/${empty.id}`, owner.headers)).statusCode).toBe(204);
    expect((await inject('GET', `/api/organizers/${empty.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('rejects bad input with translated messages and stores nothing', async () => {
    const before = (await inject('GET', '/api/organizers', owner.headers)).json().meta.total;
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(150) }, 'name'],
      [{ name: 'Ok', email: 'no' }, 'email'],
      [{ name: 'Ok', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'Ok', role: 'ADMIN' }, ''],
    ] as const) {
      const res = await inject('POST', '/api/organizers', owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      if (field) expect(res.json().error.fields[field]).toBeTruthy();
    }
    const long = await inject('POST', '/api/organizers', owner.headers, { name: 'x'.repeat(150) });
    expect(long.json().error.fields.name).toBe('El nombre debe tener menos de 150 caracteres.');
    expect((await inject('GET', '/api/organizers', owner.headers)).json().meta.total).toBe(before);
  });

  it("answers 404 for another account's organizer", async () => {
    const org = await createOrganizer(t.app, owner.headers, { name: 'Privado' });
    expect((await inject('GET', `/api/organizers/${org.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/organizers/${org.id}`, other.headers, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/organizers/${org.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/organizers', other.headers)).json().data).toEqual([]);
    expect((await inject('GET', `/api/organizers/${org.id}`, owner.headers)).json().data.name).toBe(
      'Privado',
    );
  });
});
