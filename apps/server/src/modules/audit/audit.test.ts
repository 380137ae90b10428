import { AUDIT_REDACTED, type AuditEntry } from '@taquilla/shared/schemas/audit';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, organizers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { purgeExpired } from './audit.service.ts';

/**
 * The audit trail over HTTP: each family of traced changes writes who (member or API key, with a snapshot
 * of their name), when, from where (IP, browser) and what changed, with secrets redacted; only the
 * account's admins read it; filters, export and retention.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
});
afterAll(() => t.close());

type Entry = AuditEntry & { action_label: string };
type Headers = Record<string, string>;
const UA = 'Mozilla/5.0 (Auditoría) Prueba/1.0';

async function api(method: string, url: string, headers: Headers, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, 'user-agent': UA },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function entries(headers: Headers, query = ''): Promise<Entry[]> {
  const res = await api('GET', `/api/audit-log?per_page=100${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function only(headers: Headers, action: string): Promise<Entry> {
  const found = await entries(headers, `&filter_fields[action][eq]=${action}`);
  expect(found, action).toHaveLength(1);
  return found[0] as Entry;
}

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;

function expectByOwner(entry: Entry, s: Selling) {
  expect(entry.actor).toMatchObject({
    type: 'USER',
    user_id: s.user.id,
    name: 'Ana García',
    email: s.user.email,
    api_key_id: null,
  });
  expect(entry.ip).toBe('127.0.0.1');
  expect(entry.user_agent).toBe(UA);
  expect(Date.now() - new Date(entry.created_at).getTime()).toBeLessThan(60_000);
}

describe('audit trail: what is recorded', () => {
  it('webhooks: created (secret redacted), updated (before → after), deleted', async () => {
    const s = await createSellingEvent(t.app);
    const created = await api('POST', '/api/accounts/me/webhooks', s.headers, {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['order.completed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json().data;
    const put = await api('PUT', `/api/accounts/me/webhooks/${id}`, s.headers, {
      url: 'http://127.0.0.1:9/other',
    });
    expect(put.statusCode, put.body).toBe(200);
    const rotated = await api('POST', `/api/accounts/me/webhooks/${id}/rotate-secret`, s.headers);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await api('DELETE', `/api/accounts/me/webhooks/${id}`, s.headers)).statusCode).toBe(204);

    const made = await only(s.headers, 'webhook.created');
    expectByOwner(made, s);
    expect(made).toMatchObject({ target_type: 'webhook', target_id: id, action_label: 'Webhook creado' });
    expect(made.changes.url).toEqual({ before: null, after: 'http://127.0.0.1:9/hook' });
    expect(made.changes.secret).toEqual({ before: null, after: AUDIT_REDACTED });
    // Newest first: the rotation (the secret changed, neither value kept), then the address.
    const updates = await entries(s.headers, '&filter_fields[action][eq]=webhook.updated');
    expect(updates.map((e) => e.changes)).toEqual([
      { secret: { before: AUDIT_REDACTED, after: AUDIT_REDACTED } },
      { url: { before: 'http://127.0.0.1:9/hook', after: 'http://127.0.0.1:9/other' } },
    ]);
    expect((await only(s.headers, 'webhook.deleted')).target_id).toBe(id);
    // The secret is nowhere in the table.
    const raw = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.account_id, s.account.id));
    expect(JSON.stringify(raw)).not.toContain(secret);
    expect(JSON.stringify(raw)).not.toContain(rotated.json().data.secret);
  });

  it('API keys: created (the key redacted) and revoked; a call made with a key names the key', async () => {
    const s = await createSellingEvent(t.app, { status: 'DRAFT' });
    await addTicket(t.app, s.event);
    const created = await api('POST', '/api/accounts/me/api-keys', s.headers, {
      name: 'CRM',
      permission: 'FULL',
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data;
    const withKey = { authorization: `Bearer ${key.key}` };
    const live = await api('PUT', `/api/events/${s.event.id}/status`, withKey, { status: 'LIVE' });
    expect(live.statusCode, live.body).toBe(200);
    expect(
      (await api('POST', `/api/accounts/me/api-keys/${key.id}/revoke`, s.headers)).statusCode,
    ).toBeLessThan(300);

    const made = await only(s.headers, 'api_key.created');
    expect(made.changes).toMatchObject({
      name: { after: 'CRM' },
      permission: { after: 'FULL' },
      key: { after: AUDIT_REDACTED },
    });
    const published = await only(s.headers, 'event.published');
    expect(published.actor).toMatchObject({
      type: 'API_KEY',
      api_key_id: key.id,
      name: 'CRM',
      user_id: null,
    });
    expect(published).toMatchObject({ event_id: s.event.id, organizer_id: s.organizer.id });
    expect((await only(s.headers, 'api_key.revoked')).target_id).toBe(key.id);
    const raw = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.account_id, s.account.id));
    expect(JSON.stringify(raw)).not.toContain(key.key);
  });

  it('events: published, unpublished, archived, restored, deleted; their payment methods', async () => {
    const s = await createSellingEvent(t.app, { status: 'DRAFT' });
    await addTicket(t.app, s.event, { prices: [{ price_cents: 0 }] });
    for (const status of ['LIVE', 'DRAFT', 'ARCHIVED', 'DRAFT']) {
      const res = await api('PUT', `/api/events/${s.event.id}/status`, s.headers, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const settings = await api('PUT', `/api/events/${s.event.id}/settings`, s.headers, {
      payment_providers: ['offline'],
      offline_payment_instructions: '<p>IBAN ES12 3456</p>',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const published = await only(s.headers, 'event.published');
    expectByOwner(published, s);
    expect(published).toMatchObject({
      target_type: 'event',
      target_id: s.event.id,
      target_label: 'Concierto de Otoño',
      changes: { status: { before: 'DRAFT', after: 'LIVE' } },
    });
    expect((await only(s.headers, 'event.unpublished')).changes.status).toEqual({
      before: 'LIVE',
      after: 'DRAFT',
    });
    expect((await only(s.headers, 'event.archived')).changes.status).toEqual({
      before: 'DRAFT',
      after: 'ARCHIVED',
    });
    expect((await only(s.headers, 'event.restored')).changes.status).toEqual({
      before: 'ARCHIVED',
      after: 'DRAFT',
    });
    const payment = await only(s.headers, 'event.payment_settings_updated');
    expect(payment.changes.payment_providers?.after).toEqual(['offline']);
    expect(payment.changes.offline_payment_instructions?.after).toContain('IBAN ES12 3456');

    const other = await createSellingEvent(t.app, { status: 'DRAFT' });
    const del = await api('DELETE', `/api/events/${other.event.id}`, other.headers);
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await only(other.headers, 'event.deleted')).toMatchObject({
      target_id: other.event.id,
      target_label: 'Concierto de Otoño',
      event_id: other.event.id,
    });
  });

  it("payment settings: the account's offline instructions before → after", async () => {
    const s = await createSellingEvent(t.app);
    for (const text of ['Transferencia a ES11', 'Transferencia a ES22']) {
      const res = await api('PUT', '/api/accounts/me/payment-settings', s.headers, {
        offline_payment_instructions: text,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const found = await entries(s.headers, '&filter_fields[action][eq]=payment_settings.updated');
    expect(found.map((e) => e.changes.offline_payment_instructions)).toEqual([
      { before: 'Transferencia a ES11', after: 'Transferencia a ES22' },
      { before: null, after: 'Transferencia a ES11' },
    ]);
    expectByOwner(found[0] as Entry, s);
  });

  it('members: invited, role changed, organizers changed, deactivated, invitation withdrawn; 2FA required', async () => {
    const s = await createSellingEvent(t.app);
    const member = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    const id = member.user.id;
    expect((await api('PUT', `/api/users/${id}`, s.headers, { role: 'FINANCE' })).statusCode).toBe(200);
    const scoped = await api('PUT', `/api/users/${id}`, s.headers, { organizer_ids: [s.organizer.id] });
    expect(scoped.statusCode, scoped.body).toBe(200);
    expect((await api('PUT', `/api/users/${id}`, s.headers, { status: 'INACTIVE' })).statusCode).toBe(200);
    const invited = await api('POST', '/api/users', s.headers, {
      first_name: 'Nuevo',
      last_name: 'Miembro',
      email: 'nuevo.miembro@example.com',
      role: 'DOOR',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const newId = invited.json().data.id;
    expect((await api('DELETE', `/api/users/${newId}/invitation`, s.headers)).statusCode).toBeLessThan(300);
    const policy = await api('PUT', '/api/users/two-factor-policy', s.headers, { require_two_factor: false });
    expect(policy.statusCode, policy.body).toBe(200);

    const role = await only(s.headers, 'member.role_changed');
    expectByOwner(role, s);
    expect(role).toMatchObject({
      target_type: 'member',
      target_id: id,
      changes: { role: { before: 'ORGANIZER', after: 'FINANCE' } },
    });
    expect(role.target_label).toContain(member.user.email);
    expect((await only(s.headers, 'member.organizers_changed')).changes.organizer_ids).toEqual({
      before: null,
      after: [s.organizer.id],
    });
    expect((await only(s.headers, 'member.removed')).changes.status).toEqual({
      before: 'ACTIVE',
      after: 'INACTIVE',
    });
    expect(await only(s.headers, 'member.invited')).toMatchObject({
      target_id: newId,
      changes: { role: { after: 'DOOR' }, email: { after: 'nuevo.miembro@example.com' } },
    });
    expect((await only(s.headers, 'member.invitation_revoked')).target_id).toBe(newId);
    expect((await only(s.headers, 'account.two_factor_required')).changes).toEqual({
      require_two_factor: { after: false },
    });
  });

  it('orders: refunded, cancelled, created by hand; orders and attendees exported', async () => {
    const s = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2500, quantity: 10 }] });
    const short = await buyWithTestCard(t.app, s.event, ticket);
    const list = await api('GET', `/api/events/${s.event.id}/orders`, s.headers);
    const order = list.json().data.find((o: { short_id: string }) => o.short_id === short);
    const base = `/api/events/${s.event.id}/orders/${order.id}`;
    const refund = await api('POST', `${base}/refund`, s.headers, {
      amount_cents: 1000,
      reason: 'Pidió devolución',
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const cancel = await api('POST', `${base}/cancel`, s.headers, { notify_buyer: false });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const manual = await api('POST', `/api/events/${s.event.id}/orders`, s.headers, {
      buyer: { first_name: 'Prensa', last_name: 'Local', email: 'prensa@example.com' },
      tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }],
      amount_paid_cents: 0,
      send_emails: false,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const exp = await api(
      'GET',
      `/api/events/${s.event.id}/orders/export?format=csv&filter_fields[status][eq]=COMPLETED`,
      s.headers,
    );
    expect(exp.statusCode).toBe(200);
    expect(
      (await api('GET', `/api/events/${s.event.id}/attendees/export?format=xlsx`, s.headers)).statusCode,
    ).toBe(200);

    const refunded = await only(s.headers, 'order.refunded');
    expectByOwner(refunded, s);
    expect(refunded).toMatchObject({
      target_type: 'order',
      target_id: order.id,
      target_label: order.short_id,
      event_id: s.event.id,
      changes: { amount_cents: { after: 1000 }, reason: { after: 'Pidió devolución' } },
    });
    expect((await only(s.headers, 'order.cancelled')).changes.status).toEqual({
      before: 'COMPLETED',
      after: 'CANCELLED',
    });
    expect((await only(s.headers, 'order.created_manually')).changes).toMatchObject({
      email: { after: 'prensa@example.com' },
      amount_paid_cents: { after: 0 },
    });
    const exported = await only(s.headers, 'orders.exported');
    expect(exported).toMatchObject({ event_id: s.event.id, changes: { format: { after: 'csv' } } });
    expect(exported.changes.filters?.after).toEqual([
      { field: 'status', operator: 'eq', value: 'COMPLETED' },
    ]);
    expect((await only(s.headers, 'attendees.exported')).changes.format).toEqual({ after: 'xlsx' });
  });

  it('check-in lists: the door link created and deleted', async () => {
    const s = await createSellingEvent(t.app);
    const made = await api('POST', `/api/events/${s.event.id}/check-in-lists`, s.headers, { name: 'Puerta' });
    expect(made.statusCode, made.body).toBe(201);
    const listId = made.json().data.id;
    expect(
      (await api('DELETE', `/api/events/${s.event.id}/check-in-lists/${listId}`, s.headers)).statusCode,
    ).toBeLessThan(300);
    const created = await only(s.headers, 'check_in_list.link_created');
    expectByOwner(created, s);
    expect(created).toMatchObject({ target_id: listId, target_label: 'Puerta', event_id: s.event.id });
    expect((await only(s.headers, 'check_in_list.link_deleted')).target_id).toBe(listId);
  });

  it('takes the client address from the proxy only as TRUST_PROXY allows', async () => {
    const s = await createSellingEvent(t.app);
    await api(
      'PUT',
      '/api/users/two-factor-policy',
      { ...s.headers, 'x-forwarded-for': '203.0.113.9' },
      {
        require_two_factor: false,
      },
    );
    // The test app trusts no proxy: the header is the client's claim, not its address.
    expect((await only(s.headers, 'account.two_factor_required')).ip).toBe('127.0.0.1');
  });
});

describe('audit trail: who reads it', () => {
  it("is the account's admins' only: another account sees none of it; other roles get 403", async () => {
    const s = await createSellingEvent(t.app);
    await api('PUT', '/api/users/two-factor-policy', s.headers, { require_two_factor: false });
    const stranger = await createAccountWithUser(t.app);
    expect(await entries(stranger.headers)).toEqual([]);
    const id = (await entries(s.headers))[0]?.id;
    expect(id).toBeDefined();
    const theirs = await api(
      'GET',
      `/api/audit-log?filter_fields[target_id][eq]=${s.account.id}`,
      stranger.headers,
    );
    expect(theirs.json().data).toEqual([]);
    for (const role of ['ORGANIZER', 'FINANCE', 'DOOR', 'READ_ONLY'] as const) {
      const member = await addUser(t.app, s.account.id, { role });
      expect((await api('GET', '/api/audit-log', member.headers)).statusCode, role).toBe(403);
      expect((await api('GET', '/api/audit-log/export', member.headers)).statusCode, role).toBe(403);
    }
    expect((await api('GET', '/api/audit-log', {})).statusCode).toBe(401);
    const actions = await api('GET', '/api/audit-log/actions', { ...s.headers, 'accept-language': 'en' });
    expect(actions.json().data).toContainEqual({ action: 'order.refunded', label: 'Order refunded' });
  });
});

describe('audit trail: organizer scope', () => {
  it("an admin limited to some organizers sees their events' entries and the account's, not another organizer's", async () => {
    const s = await createSellingEvent(t.app, { status: 'DRAFT' });
    await addTicket(t.app, s.event, { prices: [{ price_cents: 0 }] });
    const db = t.app.deps.db;
    const [other] = await db
      .insert(organizers)
      .values({ account_id: s.account.id, name: 'Sala Norte' })
      .returning();
    const [otherEvent] = await db
      .insert(events)
      .values({
        ...s.event,
        id: undefined,
        organizer_id: other?.id ?? '',
        slug: 'otro',
        name: 'Otro concierto',
      })
      .returning();
    await addTicket(
      t.app,
      { id: otherEvent?.id ?? '', account_id: s.account.id },
      { prices: [{ price_cents: 0 }] },
    );
    const limited = await addUser(t.app, s.account.id, { role: 'ADMIN', isOwner: false });
    const scoped = await api('PUT', `/api/users/${limited.user.id}`, s.headers, {
      organizer_ids: [other?.id],
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    await api('PUT', `/api/events/${s.event.id}/status`, s.headers, { status: 'LIVE' });
    await api('PUT', `/api/events/${otherEvent?.id}/status`, s.headers, { status: 'LIVE' });
    await api('PUT', '/api/users/two-factor-policy', s.headers, { require_two_factor: false });

    expect((await entries(s.headers, '&filter_fields[action][eq]=event.published')).length).toBe(2);
    const seen = await entries(limited.headers);
    expect(seen.filter((e) => e.action === 'event.published').map((e) => e.event_id)).toEqual([
      otherEvent?.id,
    ]);
    expect(seen.some((e) => e.action === 'account.two_factor_required')).toBe(true);
    const csv = await api('GET', '/api/audit-log/export?format=csv', limited.headers);
    expect(csv.body).toContain('Otro concierto');
    expect(csv.body).not.toContain(s.event.id);
  });
});

describe('audit trail: list, filters, export', () => {
  it('filters by action, actor, event and date range, newest first; a bad filter is a translated 422', async () => {
    const s = await createSellingEvent(t.app, { status: 'DRAFT' });
    await addTicket(t.app, s.event, { prices: [{ price_cents: 0 }] });
    const admin2 = await addUser(t.app, s.account.id, { role: 'ADMIN', isOwner: false });
    await api('PUT', `/api/events/${s.event.id}/status`, s.headers, { status: 'LIVE' });
    await api('PUT', `/api/events/${s.event.id}/status`, admin2.headers, { status: 'DRAFT' });
    await api('PUT', '/api/users/two-factor-policy', admin2.headers, { require_two_factor: false });

    const all = await entries(s.headers);
    expect(all.map((e) => e.action)).toEqual([
      'account.two_factor_required',
      'event.unpublished',
      'event.published',
    ]);
    expect(
      (await entries(s.headers, `&filter_fields[actor_user_id][eq]=${admin2.user.id}`)).map((e) => e.action),
    ).toEqual(['account.two_factor_required', 'event.unpublished']);
    expect(
      (await entries(s.headers, `&filter_fields[event_id][eq]=${s.event.id}`)).map((e) => e.action),
    ).toEqual(['event.unpublished', 'event.published']);
    expect(
      (await entries(s.headers, '&filter_fields[action][in]=event.published,event.unpublished')).length,
    ).toBe(2);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await entries(s.headers, `&filter_fields[created_at][gte]=${encodeURIComponent(future)}`)).toEqual(
      [],
    );
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(
      (
        await entries(
          s.headers,
          `&filter_fields[created_at][gte]=${encodeURIComponent(past)}&filter_fields[created_at][lte]=${encodeURIComponent(future)}`,
        )
      ).length,
    ).toBe(3);
    const page = await api('GET', '/api/audit-log?per_page=2&page=2', s.headers);
    expect(page.json().meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.json().data.map((e: Entry) => e.action)).toEqual(['event.published']);

    const bad = await api('GET', '/api/audit-log?filter_fields[ip][eq]=1', {
      ...s.headers,
      'accept-language': 'en',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(bad.json().error.message).toMatch(/check/i);
  });

  it('exports what the list shows as CSV and XLSX, with translated actions; the export is recorded', async () => {
    const s = await createSellingEvent(t.app);
    await api('PUT', '/api/accounts/me/payment-settings', s.headers, {
      offline_payment_instructions: 'Línea, "uno"',
    });
    await api('PUT', '/api/users/two-factor-policy', s.headers, { require_two_factor: false });

    const csv = await api(
      'GET',
      '/api/audit-log/export?format=csv&filter_fields[action][eq]=payment_settings.updated',
      s.headers,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Fecha,Acción,Código de la acción,Quién,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ajustes de pago de la cuenta cambiados');
    expect(lines[1]).toContain(s.user.email);
    expect(lines[1]).toContain('127.0.0.1');

    const xlsx = await api('GET', '/api/audit-log/export?format=xlsx', {
      ...s.headers,
      'accept-language': 'en',
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Action');
    // Newest first: the CSV download above, then the changes (this download is recorded after its rows were chosen).
    const actions = [2, 3, 4, 5].map((r) => sheet?.getRow(r).getCell(3).value);
    expect(actions).toEqual([
      'audit.exported',
      'account.two_factor_required',
      'payment_settings.updated',
      null,
    ]);
    expect(sheet?.getRow(4).getCell(14).value).toContain('Línea, \\"uno\\"');

    const recorded = await entries(s.headers, '&filter_fields[action][eq]=audit.exported');
    expect(recorded.map((e) => e.changes.format?.after)).toEqual(['xlsx', 'csv']);
    expect((await api('GET', '/api/audit-log/export?format=pdf', s.headers)).statusCode).toBe(422);
  });
});

describe('audit trail: retention', () => {
  it('is 365 days by default, set from 30 to 3650 (translated 422 outside), and the change is recorded', async () => {
    const s = await createSellingEvent(t.app);
    expect((await api('GET', '/api/audit-log/settings', s.headers)).json().data).toEqual({
      retention_days: 365,
    });
    for (const days of [29, 3651, 90.5]) {
      const res = await api(
        'PUT',
        '/api/audit-log/settings',
        { ...s.headers, 'accept-language': 'es' },
        { retention_days: days },
      );
      expect(res.statusCode, String(days)).toBe(422);
      expect(res.json().error.fields.retention_days).toBeTruthy();
    }
    const low = await api('PUT', '/api/audit-log/settings', s.headers, { retention_days: 10 });
    expect(low.json().error.fields.retention_days).toBe('Debe ser como mínimo 30.');
    const ok = await api('PUT', '/api/audit-log/settings', s.headers, { retention_days: 90 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await api('GET', '/api/audit-log/settings', s.headers)).json().data).toEqual({
      retention_days: 90,
    });
    expect((await only(s.headers, 'audit.retention_changed')).changes).toEqual({
      retention_days: { before: 365, after: 90 },
    });
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    expect(
      (await api('PUT', '/api/audit-log/settings', organizer.headers, { retention_days: 30 })).statusCode,
    ).toBe(403);
  });

  it("the daily job deletes only entries older than each account's retention", async () => {
    const short = await createSellingEvent(t.app);
    const long = await createSellingEvent(t.app);
    await api('PUT', '/api/audit-log/settings', short.headers, { retention_days: 30 });
    const db = t.app.deps.db;
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    for (const [account, days] of [
      [short.account.id, 29],
      [short.account.id, 31],
      [long.account.id, 31],
      [long.account.id, 364],
      [long.account.id, 366],
    ] as const) {
      await db.execute(
        sql`insert into audit_log (account_id, action, created_at, target_id) values (${account}, 'event.published', ${at(days)}, ${String(days)})`,
      );
    }
    await purgeExpired(t.app.deps);
    const left = async (accountId: string) =>
      (
        await db
          .select({ target_id: auditLog.target_id })
          .from(auditLog)
          .where(sql`${auditLog.account_id} = ${accountId} and ${auditLog.action} = 'event.published'`)
      )
        .map((r) => r.target_id)
        .sort();
    expect(await left(short.account.id)).toEqual(['29']);
    expect(await left(long.account.id)).toEqual(['31', '364']);
    // The entry recording the retention change itself is new: kept.
    expect((await entries(short.headers, '&filter_fields[action][eq]=audit.retention_changed')).length).toBe(
      1,
    );
    // Scheduled as a repeating job, once.
    const scheduled = await db.execute(
      sql`select count(*)::int as n from jobs where kind = 'audit.retention' and completed_at is null`,
    );
    expect((scheduled as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
