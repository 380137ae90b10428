import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;
const URL = '/api/accounts/me/taxes-and-fees';

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

describe('taxes and fees', () => {
  it('admins create, list, update and delete', async () => {
    const iva = await inject('POST', URL, owner.headers, {
      name: 'IVA',
      type: 'TAX',
      calculation: 'PERCENTAGE',
      value: 2100,
      is_default: true,
    });
    expect(iva.statusCode).toBe(201);
    expect(iva.json().data).toMatchObject({ name: 'IVA', value: 2100, is_default: true, is_active: true });
    const fee = (
      await inject('POST', URL, owner.headers, {
        name: 'Gastos de gestión',
        type: 'FEE',
        calculation: 'FIXED',
        value: 150,
      })
    ).json().data;
    expect(
      (await inject('GET', URL, owner.headers)).json().data.map((x: { name: string }) => x.name),
    ).toEqual(['IVA', 'Gastos de gestión']);
    const upd = await inject('PUT', `${URL}/${fee.id}`, owner.headers, { is_active: false, value: 200 });
    expect(upd.json().data).toMatchObject({ is_active: false, value: 200 });
    expect((await inject('DELETE', `${URL}/${fee.id}`, owner.headers)).statusCode).toBe(204);
    expect((await inject('GET', URL, owner.headers)).json().data).toHaveLength(1);
  });

  it('organizers may read but not change them', async () => {
    const orgUser = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    expect((await inject('GET', URL, orgUser.headers)).statusCode).toBe(200);
    const res = await inject('POST', URL, orgUser.headers, {
      name: 'X',
      type: 'TAX',
      calculation: 'FIXED',
      value: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('No tienes permiso para acceder a esta página.');
  });

  it('rejects bad input and changes nothing', async () => {
    const before = (await inject('GET', URL, owner.headers)).json().data.length;
    for (const [body, field] of [
      [{ name: 'IVA', type: 'VAT', calculation: 'PERCENTAGE', value: 10 }, 'type'],
      [{ name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 10001 }, 'value'],
      [{ name: 'IVA', type: 'TAX', calculation: 'PERCENTAGE', value: 21.5 }, 'value'],
      [{ name: 'IVA', type: 'TAX', calculation: 'FIXED', value: -1 }, 'value'],
      [{ name: '', type: 'TAX', calculation: 'FIXED', value: 1 }, 'name'],
    ] as const) {
      const res = await inject('POST', URL, owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error.fields[field]).toBeTruthy();
    }
    const pct = await inject('POST', URL, owner.headers, {
      name: 'X',
      type: 'TAX',
      calculation: 'PERCENTAGE',
      value: 10001,
    });
    expect(pct.json().error.fields.value).toBe('El porcentaje debe estar entre 0 y 100.');
    expect((await inject('GET', URL, owner.headers)).json().data.length).toBe(before);
  });

  it("answers 404 for another account's tax", async () => {
    const tax = (
      await inject('POST', URL, owner.headers, {
        name: 'Tasa',
        type: 'FEE',
        calculation: 'FIXED',
        value: 100,
      })
    ).json().data;
    expect((await inject('PUT', `${URL}/${tax.id}`, other.headers, { value: 1 })).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}/${tax.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', URL, other.headers)).json().data).toEqual([]);
    const mine = (await inject('GET', URL, owner.headers))
      .json()
      .data.find((x: { id: string }) => x.id === tax.id);
    expect(mine.value).toBe(100);
  });

  it('an empty change answers the tax unchanged (found by the fuzz test: it was a 500)', async () => {
    const made = await inject('POST', URL, owner.headers, {
      name: 'Tasa',
      type: 'FEE',
      calculation: 'FIXED',
      value: 50,
    });
    const res = await inject('PUT', `${URL}/${made.json().data.id}`, owner.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Tasa', value: 50 });
  });
});
