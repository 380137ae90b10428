import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { attendees, eventDates, events, walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { WALLET_SCOPE } from './google-wallet-api.ts';
import { passAuthToken } from './passkit-auth.ts';
import { syncWalletPasses, WALLET_GOOGLE_JOB } from './wallet-sync.ts';
import { checkPass, file, makeChain, openssl, sale } from './wallet-test-kit.ts';

const PASS_TYPE = 'pass.com.example.taquilla';
const ISSUER = '3388000000012345678';
const SERVICE_ACCOUNT = 'wallet@taquilla-test.iam.gserviceaccount.com';
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A TLS certificate for 127.0.0.1 from the test root, for the APNs stand-in. */
function makeServerCert() {
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'apns.key',
    '-out',
    'apns.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(file('apns.ext'), 'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'apns.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-out',
    'apns.pem',
    '-days',
    '30',
    '-extfile',
    'apns.ext',
  );
}

interface Push {
  path: string;
  topic: string;
  body: string;
  /** The subject of the client certificate the push came with (TLS client auth). */
  client: string;
}

/**
 * Stands in for Apple's APNs: an HTTP/2 TLS server that asks for the client certificate (the pass type's,
 * checked against the test chain) and records each push. A token starting with `dead` answers 410.
 */
function apnsStandIn(pushes: Push[]): Promise<Http2SecureServer> {
  const server = createSecureServer({
    key: readFileSync(file('apns.key')),
    cert: readFileSync(file('apns.pem')),
    ca: [readFileSync(file('root.pem')), readFileSync(file('wwdr.pem'))],
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => {
      body += c;
    });
    stream.on('end', () => {
      const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerX509Certificate();
      pushes.push({
        path: String(headers[':path']),
        topic: String(headers['apns-topic']),
        body,
        client: peer ? new X509Certificate(peer.raw).subject : '',
      });
      const dead = String(headers[':path']).startsWith('/3/device/dead');
      stream.respond({ ':status': dead ? 410 : 200, 'content-type': 'application/json' });
      stream.end(dead ? JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }) : '');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Put {
  type: string;
  id: string;
  body: Record<string, unknown>;
}

/**
 * Stands in for Google's OAuth token endpoint and Wallet REST API over HTTP: the token request's JWT
 * assertion is verified with the service account's public key; PUTs need the token it handed out; only
 * objects in `saved` exist (others answer 404, as for a link never opened).
 */
function googleStandIn(puts: Put[], saved: Set<string>, tokenRequests: { scope: unknown }[]) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(raw);
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', google.publicKey, {
            issuer: SERVICE_ACCOUNT,
            audience: `${base}/token`,
          });
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            throw new Error('grant');
          tokenRequests.push({ scope: payload.scope });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ access_token: 'ya29.stand-in', expires_in: 3600, token_type: 'Bearer' }));
        } catch {
          res.writeHead(400).end('{"error":"invalid_grant"}');
        }
        return;
      }
      const match = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)\/([^/]+)$/.exec(
        req.url ?? '',
      );
      if (req.method !== 'PUT' || !match) return res.writeHead(400).end();
      if (req.headers.authorization !== 'Bearer ya29.stand-in') return res.writeHead(401).end();
      const id = decodeURIComponent(match[2] ?? '');
      if (!saved.has(id)) return res.writeHead(404).end('{"error":{"code":404}}');
      puts.push({ type: match[1] ?? '', id, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(raw);
    });
  });
  return new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const pushes: Push[] = [];
const puts: Put[] = [];
const saved = new Set<string>();
const tokenRequests: { scope: unknown }[] = [];
let apns: Http2SecureServer;
let googleApi: Server;
let t: TestApp;

beforeAll(async () => {
  makeChain();
  makeServerCert();
  apns = await apnsStandIn(pushes);
  googleApi = await googleStandIn(puts, saved, tokenRequests);
  const googleBase = `http://127.0.0.1:${(googleApi.address() as AddressInfo).port}`;
  t = await createTestApp({
    listen: true,
    env: {
      APP_URL: 'https://entradas.example.org',
      APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE,
      APPLE_WALLET_TEAM_ID: 'TEAM123456',
      APPLE_WALLET_CERT: file('signer.pem'),
      APPLE_WALLET_KEY: file('signer.key'),
      APPLE_WALLET_KEY_PASSPHRASE: 'sesamo',
      APPLE_WALLET_WWDR: file('wwdr.pem'),
      APPLE_WALLET_APNS_URL: `https://127.0.0.1:${(apns.address() as AddressInfo).port}`,
      APPLE_WALLET_APNS_CA: file('root.pem'),
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: SERVICE_ACCOUNT,
      GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      GOOGLE_WALLET_API_URL: googleBase,
      GOOGLE_WALLET_TOKEN_URL: `${googleBase}/token`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  apns?.close();
  googleApi?.close();
});

const ticketUrl = (s: { event: { id: string }; holder: { short_id: string } }) =>
  `/api/public/events/${s.event.id}/attendees/${s.holder.short_id}`;
const registrationUrl = (device: string, serial: string, passType = PASS_TYPE) =>
  `${t.url}/api/public/passkit/v1/devices/${device}/registrations/${passType}/${serial}`;
const apple = (token: string) => ({
  authorization: `ApplePass ${token}`,
  'content-type': 'application/json',
});

/** What Wallet does: registers a device for a pass with a push token. */
const registerDevice = (
  device: string,
  serial: string,
  token: string,
  pushToken: string,
  passType?: string,
) =>
  fetch(registrationUrl(device, serial, passType), {
    method: 'POST',
    headers: apple(token),
    body: JSON.stringify({ pushToken }),
  });

const updated = (device: string, since?: string) =>
  fetch(
    `${t.url}/api/public/passkit/v1/devices/${device}/registrations/${PASS_TYPE}${since ? `?passesUpdatedSince=${since}` : ''}`,
  );

/** Runs the sync, then every job it queued (the pushes and Google updates, against the stand-ins). */
async function sync() {
  const changed = await syncWalletPasses(t.app.deps);
  await t.app.deps.jobs.drain();
  return changed;
}

const registrations = (attendeeId: string) =>
  t.app.deps.db.select().from(walletRegistrations).where(eq(walletRegistrations.attendee_id, attendeeId));

describe('Apple PassKit web service and APNs pushes', () => {
  it('registers a device, pushes a rename, lists the pass as updated, serves the new pass, then unregisters', async () => {
    const s = await sale(t.app);
    const res = await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` });
    const pass = checkPass(res.rawPayload);
    expect(pass.webServiceURL).toBe('https://entradas.example.org/api/public/passkit');
    const token = String(pass.authenticationToken);
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(token).toBe(passAuthToken(t.config.authSecret, s.holder.id));
    const device = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const pushToken = 'f'.repeat(64);

    // A wrong token, another pass type, a malformed device id or push token: refused, nothing written.
    expect((await registerDevice(device, s.holder.id, 'x'.repeat(43), pushToken)).status).toBe(401);
    expect((await registerDevice(device, s.holder.id, token, pushToken, 'pass.com.other')).status).toBe(404);
    expect((await registerDevice('bad%20device', s.holder.id, token, pushToken)).status).toBe(422);
    expect((await registerDevice(device, s.holder.id, token, 'not a token!')).status).toBe(422);
    expect((await registerDevice(device, 'not-a-uuid', token, pushToken)).status).toBe(422);
    expect(await registrations(s.holder.id)).toEqual([]);

    expect((await registerDevice(device, s.holder.id, token, pushToken)).status).toBe(201);
    expect((await registerDevice(device, s.holder.id, token, pushToken)).status).toBe(200);
    expect(await registrations(s.holder.id)).toHaveLength(1);

    // Without a tag: every pass of the device; with the tag it got: none until something changes.
    const all = await updated(device);
    expect(all.status).toBe(200);
    const first = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(first.serialNumbers).toEqual([s.holder.id]);
    expect((await updated(device, first.lastUpdated)).status).toBe(204);
    expect((await updated(device, 'abc')).status).toBe(422);
    expect(await sync()).toBe(0);
    expect(pushes).toHaveLength(0);

    // The organizer renames the holder: the next sync tags the pass and pushes to the device.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}`,
      headers: s.headers,
      payload: { first_name: 'Mireia', last_name: 'Puig', email: 'mireia@example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await sync()).toBe(1);
    expect(pushes).toEqual([
      {
        path: `/3/device/${pushToken}`,
        topic: PASS_TYPE,
        body: '{}',
        client: expect.stringContaining(`UID=${PASS_TYPE}`),
      },
    ]);
    expect(await sync()).toBe(0);
    expect(pushes).toHaveLength(1);

    const listed = await updated(device, first.lastUpdated);
    expect(listed.status).toBe(200);
    const next = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(next.serialNumbers).toEqual([s.holder.id]);
    expect(Number(next.lastUpdated)).toBeGreaterThan(Number(first.lastUpdated));

    // Wallet fetches the latest pass: the new name, the same serial and token; unchanged since → 304.
    const passUrl = `${t.url}/api/public/passkit/v1/passes/${PASS_TYPE}/${s.holder.id}`;
    expect((await fetch(passUrl, { headers: apple('wrong') })).status).toBe(401);
    const latest = await fetch(passUrl, {
      headers: { ...apple(token), 'if-modified-since': new Date(Date.now() - 3600_000).toUTCString() },
    });
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const renamed = checkPass(Buffer.from(await latest.arrayBuffer()));
    expect(JSON.stringify(renamed.eventTicket)).toContain('Mireia Puig');
    expect(renamed).toMatchObject({ serialNumber: s.holder.id, authenticationToken: token });
    const lastModified = latest.headers.get('last-modified') ?? '';
    expect(new Date(lastModified).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const same = await fetch(passUrl, { headers: { ...apple(token), 'if-modified-since': lastModified } });
    expect(same.status).toBe(304);

    // Wallet's log lines are taken.
    const log = await fetch(`${t.url}/api/public/passkit/v1/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ logs: ['[2026-11-28] Web service error for pass.com.example.taquilla'] }),
    });
    expect(log.status).toBe(200);

    // The pass leaves the phone: unregistered (a wrong token changes nothing), then no more pushes.
    const remove = (auth: string) =>
      fetch(registrationUrl(device, s.holder.id), {
        method: 'DELETE',
        headers: { authorization: `ApplePass ${auth}` },
      });
    expect((await remove('wrong')).status).toBe(401);
    expect(await registrations(s.holder.id)).toHaveLength(1);
    expect((await remove(token)).status).toBe(200);
    expect(await registrations(s.holder.id)).toEqual([]);
    expect((await updated(device)).status).toBe(204);
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}`,
      headers: s.headers,
      payload: { first_name: 'Mireia', last_name: 'Puig Soler', email: 'mireia@example.com' },
    });
    expect(await sync()).toBe(1);
    expect(pushes).toHaveLength(1);
  });

  it("pushes a transfer, a cancellation and the event's new time; a dead push token loses its registration", async () => {
    const s = await sale(t.app);
    const token = passAuthToken(t.config.authSecret, s.holder.id);
    const live = 'a'.repeat(64);
    expect((await registerDevice('device0001', s.holder.id, token, live)).status).toBe(201);
    expect((await registerDevice('device0002', s.holder.id, token, `dead${'0'.repeat(60)}`)).status).toBe(
      201,
    );
    const before = pushes.length;

    const moved = await t.app.inject({
      method: 'POST',
      url: `${ticketUrl(s)}/transfer`,
      payload: { first_name: 'Pau', last_name: 'Roig', email: 'pau@example.com' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await sync()).toBe(1);
    expect(
      pushes
        .slice(before)
        .map((p) => p.path)
        .sort(),
    ).toEqual([`/3/device/${live}`, `/3/device/dead${'0'.repeat(60)}`]);
    // APNs said 410 for the dead token: only the live device stays registered.
    expect((await registrations(s.holder.id)).map((r) => r.device_library_id)).toEqual(['device0001']);
    const afterTransfer = checkPass(
      Buffer.from(
        await (
          await fetch(`${t.url}/api/public/passkit/v1/passes/${PASS_TYPE}/${s.holder.id}`, {
            headers: apple(token),
          })
        ).arrayBuffer(),
      ),
    );
    expect(JSON.stringify(afterTransfer.eventTicket)).toContain('Pau Roig');

    // The event moves: every followed pass of it changes.
    const start = new Date(s.event.start_date.getTime() + 86_400_000);
    const moveEvent = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}`,
      headers: s.headers,
      payload: {
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 7_200_000).toISOString(),
      },
    });
    expect(moveEvent.statusCode, moveEvent.body).toBe(200);
    expect(await sync()).toBe(1);
    expect(pushes.at(-1)?.path).toBe(`/3/device/${live}`);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}/cancel`,
      headers: s.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const count = pushes.length;
    expect(await sync()).toBe(1);
    expect(pushes.length).toBe(count + 1);
    const voided = checkPass(
      Buffer.from(
        await (
          await fetch(`${t.url}/api/public/passkit/v1/passes/${PASS_TYPE}/${s.holder.id}`, {
            headers: apple(token),
          })
        ).arrayBuffer(),
      ),
    );
    expect(voided.voided).toBe(true);
    expect(voided.relevantDate).toBe(start.toISOString());
  });

  it('pushes when the whole order is cancelled', async () => {
    const s = await sale(t.app);
    const token = passAuthToken(t.config.authSecret, s.holder.id);
    expect((await registerDevice('device0003', s.holder.id, token, 'b'.repeat(64))).status).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${s.order.id}/cancel`,
      headers: s.headers,
      payload: { notify_buyer: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sync()).toBe(1);
    expect(pushes.at(-1)?.path).toBe(`/3/device/${'b'.repeat(64)}`);
  });

  it('answers 429 past 300 requests a minute from one address, and registers nothing then', async () => {
    const s = await sale(t.app);
    const token = passAuthToken(t.config.authSecret, s.holder.id);
    const remoteAddress = '10.77.0.1';
    const list = `/api/public/passkit/v1/devices/device0404/registrations/${PASS_TYPE}`;
    for (let i = 0; i < 300; i++) {
      expect((await t.app.inject({ url: list, remoteAddress })).statusCode).toBe(204);
    }
    expect((await t.app.inject({ url: list, remoteAddress })).statusCode).toBe(429);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/public/passkit/v1/devices/device0404/registrations/${PASS_TYPE}/${s.holder.id}`,
      headers: apple(token),
      payload: { pushToken: 'c'.repeat(64) },
      remoteAddress,
    });
    expect(refused.statusCode).toBe(429);
    expect(await registrations(s.holder.id)).toEqual([]);
    // Another address is not held back.
    expect((await t.app.inject({ url: list, remoteAddress: '10.77.0.2' })).statusCode).toBe(204);
  });

  it('names no web service when APP_URL is not https (Wallet would not call it)', () => {
    const env = {
      APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE,
      APPLE_WALLET_TEAM_ID: 'TEAM123456',
      APPLE_WALLET_CERT: file('signer.pem'),
      APPLE_WALLET_KEY: file('signer.key'),
      APPLE_WALLET_WWDR: file('wwdr.pem'),
    };
    expect(
      loadConfig({ ...env, APP_URL: 'http://entradas.example.org' }).appleWallet?.webServiceUrl,
    ).toBeNull();
    expect(loadConfig({ ...env, APP_URL: 'https://entradas.example.org/' }).appleWallet).toMatchObject({
      webServiceUrl: 'https://entradas.example.org/api/public/passkit',
      apnsUrl: 'https://api.push.apple.com',
    });
  });
});

describe('Google Wallet object updates', () => {
  it('puts the changed object of a saved ticket (new holder, then INACTIVE); an object never saved is no error', async () => {
    const s = await sale(t.app);
    const objectId = `${ISSUER}.ticket-${s.holder.id}`;
    saved.add(objectId);
    saved.add(`${ISSUER}.event-${s.event.id}`);
    expect((await t.app.inject({ url: `${ticketUrl(s)}/google-wallet` })).statusCode).toBe(302);

    await t.app.inject({
      method: 'PUT',
      url: `${ticketUrl(s)}/holder`,
      payload: { first_name: 'Laia', last_name: 'Serra' },
    });
    expect(await sync()).toBe(1);
    expect(tokenRequests.at(-1)?.scope).toBe(WALLET_SCOPE);
    const object = puts.filter((p) => p.id === objectId).at(-1);
    expect(object?.body).toMatchObject({ id: objectId, state: 'ACTIVE', ticketHolderName: 'Laia Serra' });
    expect(puts.some((p) => p.type === 'eventTicketClass' && p.id === `${ISSUER}.event-${s.event.id}`)).toBe(
      true,
    );

    await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}/cancel`,
      headers: s.headers,
    });
    expect(await sync()).toBe(1);
    const cancelled = puts.filter((p) => p.id === objectId).at(-1);
    expect(cancelled?.body.state).toBe('INACTIVE');
    expect(cancelled?.body.barcode).toBeUndefined();

    // A link handed out but never opened: Google answers 404 and the job ends without failing.
    const other = await sale(t.app);
    await t.app.inject({ url: `${ticketUrl(other)}/google-wallet` });
    const before = puts.length;
    await t.app.inject({
      method: 'PUT',
      url: `${ticketUrl(other)}/holder`,
      payload: { first_name: 'Joan', last_name: 'Vidal' },
    });
    expect(await sync()).toBe(1);
    expect(puts.length).toBe(before);
    expect(await t.app.deps.jobs.failedJobs(WALLET_GOOGLE_JOB)).toEqual([]);
  });
});

describe('passes of long-past events', () => {
  it('are no longer followed 30 days after the event ended', async () => {
    const s = await sale(t.app);
    const token = passAuthToken(t.config.authSecret, s.holder.id);
    expect((await registerDevice('device0500', s.holder.id, token, 'd'.repeat(64))).status).toBe(201);
    const day = 86_400_000;
    await t.app.deps.db
      .update(events)
      .set({
        start_date: new Date(Date.now() - 29 * day),
        end_date: new Date(Date.now() - 29 * day + 3_600_000),
      })
      .where(eq(events.id, s.event.id));
    expect(await sync()).toBe(1);
    await t.app.deps.db
      .update(events)
      .set({ start_date: new Date(Date.now() - 41 * day), end_date: new Date(Date.now() - 40 * day) })
      .where(eq(events.id, s.event.id));
    expect(await sync()).toBe(0);
  });
});

describe("a ticket of one of the event's dates", () => {
  it("shows that date's time and venue in the PDF, the Apple pass and the Google class and object", async () => {
    const s = await sale(t.app);
    const startsAt = new Date('2027-03-14T19:30:00Z');
    const [date] = await t.app.deps.db
      .insert(eventDates)
      .values({
        account_id: s.order.account_id,
        event_id: s.event.id,
        starts_at: startsAt,
        ends_at: new Date('2027-03-14T22:00:00Z'),
        location: { venue_name: 'Teatre Grec', city: 'Barcelona', latitude: '41.3694', longitude: '2.1588' },
      })
      .returning();
    await t.app.deps.db
      .update(attendees)
      .set({ event_date_id: date?.id })
      .where(eq(attendees.id, s.holder.id));

    const pdf = await t.app.inject({ url: `${ticketUrl(s)}/pdf` });
    expect(pdf.statusCode).toBe(200);
    writeFileSync(file('dated.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [file('dated.pdf'), '-']).toString();
    expect(text).toContain('Teatre Grec');
    expect(text).toContain('2027');

    const pass = checkPass((await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).rawPayload);
    expect(pass.relevantDate).toBe(startsAt.toISOString());
    expect(pass.locations).toEqual([expect.objectContaining({ latitude: 41.3694, longitude: 2.1588 })]);

    const link = await t.app.inject({ url: `${ticketUrl(s)}/google-wallet` });
    const { payload } = await jwtVerify(
      String(link.headers.location).split('/save/')[1] ?? '',
      google.publicKey,
    );
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    expect(body.eventTicketClasses[0]).toMatchObject({
      id: `${ISSUER}.date-${date?.id}`,
      dateTime: { start: startsAt.toISOString(), end: '2027-03-14T22:00:00.000Z' },
      venue: { name: { defaultValue: { value: 'Teatre Grec' } } },
    });
    expect(body.eventTicketObjects[0]?.classId).toBe(`${ISSUER}.date-${date?.id}`);
    // Following the pass read the date too: a later change to the date is a change to the pass.
    const [followed] = await t.app.deps.db
      .select()
      .from(walletPasses)
      .where(eq(walletPasses.attendee_id, s.holder.id));
    expect(followed?.google).toBe(true);
    await t.app.deps.db
      .update(eventDates)
      .set({ starts_at: new Date('2027-03-15T19:30:00Z') })
      .where(eq(eventDates.id, date?.id ?? ''));
    expect(await sync()).toBe(1);
  });
});
