import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { attendees, events, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * Apple Wallet passes signed with a certificate chain made here with the openssl CLI (a root standing for
 * Apple's, a WWDR-like intermediate, a pass signer), read back with unzip and openssl: every manifest
 * SHA-1, and the detached PKCS#7 signature of manifest.json. Google Wallet links verified with the public
 * half of a key made here. Apple's and Google's services themselves are the outside boundary: not called.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function makeChain() {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Test Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.csr',
    '-subj',
    '/CN=Test WWDR Intermediate',
  );
  writeFileSync(file('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'wwdr.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-out',
    'wwdr.pem',
    '-days',
    '30',
    '-extfile',
    'ca.ext',
  );
  // The signer's key is encrypted, as a downloaded pass certificate's usually is.
  openssl('genrsa', '-aes256', '-passout', 'pass:sesamo', '-out', 'signer.key', '2048');
  openssl(
    'req',
    '-new',
    '-key',
    'signer.key',
    '-passin',
    'pass:sesamo',
    '-out',
    'signer.csr',
    '-subj',
    '/UID=pass.com.example.taquilla/CN=Pass Type ID: pass.com.example.taquilla/OU=TEAM123456',
  );
  writeFileSync(file('leaf.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '30',
    '-extfile',
    'leaf.ext',
  );
}

const google = generateKeyPairSync('rsa', { modulusLength: 2048 });

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  makeChain();
  t = await createTestApp({
    env: {
      APP_URL: 'https://entradas.example.org',
      APPLE_WALLET_PASS_TYPE_ID: 'pass.com.example.taquilla',
      APPLE_WALLET_TEAM_ID: 'TEAM123456',
      // One as a file path, the others as PEM text (with the escaped newlines of a one-line variable).
      APPLE_WALLET_CERT: file('signer.pem'),
      APPLE_WALLET_KEY: readFileSync(file('signer.key'), 'utf8').replace(/\n/g, '\\n'),
      APPLE_WALLET_KEY_PASSPHRASE: 'sesamo',
      APPLE_WALLET_WWDR: readFileSync(file('wwdr.pem'), 'utf8'),
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@taquilla-test.iam.gserviceaccount.com',
      GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

async function sale(app: TestApp['app']) {
  const s = await createSellingEvent(app);
  await app.deps.db
    .update(events)
    .set({
      location: {
        venue_name: 'Sala Apolo',
        city: 'Barcelona',
        latitude: '41.3744',
        longitude: '2.1700',
      } as never,
      settings: { colors: { primary: '#c2255c' } },
    })
    .where(eq(events.id, s.event.id));
  const ticket = await addTicket(app, s.event, { name: 'Pista' });
  const short = await buyWithTestCard(app, s.event, ticket, {
    quantity: 1,
    attendees: [{ first_name: 'Núria', last_name: 'Ibáñez', email: 'nuria@example.com' }],
  });
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  const [holder] = await app.deps.db
    .select()
    .from(attendees)
    .where(eq(attendees.order_id, order?.id ?? ''))
    .orderBy(asc(attendees.created_at));
  if (!order || !holder) throw new Error('no sale');
  return { ...s, order, holder };
}

/** Unzips a pass, checks the manifest's hash of every file and the signature; answers pass.json. */
function checkPass(pkpass: Buffer): Record<string, unknown> {
  const out = mkdtempSync(path.join(dir, 'pass-'));
  writeFileSync(path.join(out, 'ticket.pkpass'), pkpass);
  execFileSync('unzip', ['-q', 'ticket.pkpass', '-d', 'x'], { cwd: out });
  const root = path.join(out, 'x');
  const names = readdirSync(root).sort();
  expect(names).toEqual(
    expect.arrayContaining(['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature']),
  );
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  expect(Object.keys(manifest).sort()).toEqual(
    names.filter((n) => n !== 'manifest.json' && n !== 'signature'),
  );
  for (const [name, sha1] of Object.entries(manifest)) {
    expect(
      createHash('sha1')
        .update(readFileSync(path.join(root, name)))
        .digest('hex'),
      name,
    ).toBe(sha1);
  }
  // The signature verifies against our root (it carries the signer and the intermediate).
  const verified = execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      file('root.pem'),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: root, stdio: 'pipe' },
  );
  expect(verified.toString()).toBe('');
  // A manifest changed after signing fails the same check.
  writeFileSync(
    path.join(root, 'tampered.json'),
    readFileSync(path.join(root, 'manifest.json'), 'utf8').replace('"', ' "'),
  );
  expect(() =>
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'tampered.json',
        '-CAfile',
        file('root.pem'),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: root, stdio: 'pipe' },
    ),
  ).toThrow();
  return JSON.parse(readFileSync(path.join(root, 'pass.json'), 'utf8')) as Record<string, unknown>;
}

const ticketUrl = (s: { event: { id: string }; holder: { short_id: string } }) =>
  `/api/public/events/${s.event.id}/attendees/${s.holder.short_id}`;

describe('Apple Wallet', () => {
  it('signs an eventTicket pass with the QR the door scans, the date, the venue, the colours and a stable serial', async () => {
    const s = await sale(t.app);
    const answer = await t.app.inject({ url: ticketUrl(s) });
    const { documents, qr_code } = answer.json().data;
    expect(documents.apple_wallet_url).toBe(`${ticketUrl(s)}/apple-wallet`);
    const res = await t.app.inject({ url: documents.apple_wallet_url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const pass = checkPass(res.rawPayload);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.example.taquilla',
      teamIdentifier: 'TEAM123456',
      serialNumber: s.holder.id,
      organizationName: 'Sala Apolo',
      backgroundColor: 'rgb(194, 37, 92)',
      relevantDate: s.event.start_date.toISOString(),
      locations: [{ latitude: 41.3744, longitude: 2.17 }],
      barcodes: [{ format: 'PKBarcodeFormatQR', message: qr_code, messageEncoding: 'iso-8859-1' }],
    });
    expect(qr_code).toBe(s.holder.qr_secret);
    expect(pass.voided).toBeUndefined();
    const fields = pass.eventTicket as Record<string, { key: string; value: string }[]>;
    expect(fields.primaryFields?.[0]?.value).toBe('Concierto de Otoño');
    expect(fields.auxiliaryFields?.map((f) => f.value)).toEqual(['Núria Ibáñez', 'Pista']);
  });

  it('follows the ticket: a renamed holder shows in the next copy, a cancelled ticket is voided without a code', async () => {
    const s = await sale(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}`,
      headers: s.headers,
      payload: { first_name: 'Mireia', last_name: 'Puig', email: 'mireia@example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const renamed = checkPass((await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).rawPayload);
    expect(JSON.stringify(renamed.eventTicket)).toContain('Mireia Puig');
    expect(renamed.serialNumber).toBe(s.holder.id);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}/cancel`,
      headers: s.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const voided = checkPass((await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).rawPayload);
    expect(voided.voided).toBe(true);
    expect(voided.barcodes).toBeUndefined();
    expect(voided.serialNumber).toBe(s.holder.id);
  });
});

describe('Google Wallet', () => {
  it('links to pay.google.com with an RS256 JWT of the event class and the ticket object, verified with the public key', async () => {
    const s = await sale(t.app);
    const { documents, qr_code } = (await t.app.inject({ url: ticketUrl(s) })).json().data;
    expect(documents.google_wallet_url).toBe(`${ticketUrl(s)}/google-wallet`);
    const res = await t.app.inject({ url: documents.google_wallet_url });
    expect(res.statusCode, res.body).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
    const key = await importSPKI(
      google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'RS256',
    );
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      issuer: 'wallet@taquilla-test.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://entradas.example.org']);
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    const classId = `3388000000012345678.event-${s.event.id}`;
    expect(body.eventTicketClasses).toEqual([
      expect.objectContaining({
        id: classId,
        issuerName: 'Sala Apolo',
        eventName: { defaultValue: { language: 'es', value: 'Concierto de Otoño' } },
        dateTime: { start: s.event.start_date.toISOString(), end: s.event.end_date?.toISOString() },
        hexBackgroundColor: '#c2255c',
      }),
    ]);
    expect(body.eventTicketObjects).toEqual([
      expect.objectContaining({
        id: `3388000000012345678.ticket-${s.holder.id}`,
        classId,
        state: 'ACTIVE',
        ticketHolderName: 'Núria Ibáñez',
        ticketNumber: s.holder.short_id,
        barcode: { type: 'QR_CODE', value: qr_code, alternateText: s.holder.short_id },
        reservationInfo: { confirmationCode: s.order.short_id },
      }),
    ]);
    // The same link as JSON for a client that asks for it.
    const json = await t.app.inject({
      url: documents.google_wallet_url,
      headers: { accept: 'application/json' },
    });
    expect(json.json().data.url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    // Someone else's key does not verify it.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(jwt, other)).rejects.toThrow();
  });

  it('makes a cancelled ticket INACTIVE without a barcode', async () => {
    const s = await sale(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/attendees/${s.holder.id}/cancel`,
      headers: s.headers,
    });
    const res = await t.app.inject({ url: `${ticketUrl(s)}/google-wallet` });
    expect(res.statusCode, res.body).toBe(302);
    const jwt = String(res.headers.location).split('/save/')[1] ?? '';
    const { payload } = await jwtVerify(jwt, google.publicKey);
    const [object] = (payload.payload as { eventTicketObjects: Record<string, unknown>[] })
      .eventTicketObjects;
    expect(object?.state).toBe('INACTIVE');
    expect(object?.barcode).toBeUndefined();
  });
});

describe('without wallet configuration', () => {
  it('offers no wallet and answers 404 to the wallet addresses, the PDF stays', async () => {
    const s = await sale(bare.app);
    const { documents } = (await bare.app.inject({ url: ticketUrl(s) })).json().data;
    expect(documents).toEqual({
      pdf_url: `${ticketUrl(s)}/pdf`,
      apple_wallet_url: null,
      google_wallet_url: null,
    });
    expect((await bare.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).statusCode).toBe(404);
    expect((await bare.app.inject({ url: `${ticketUrl(s)}/google-wallet` })).statusCode).toBe(404);
    expect((await bare.app.inject({ url: `${ticketUrl(s)}/pdf` })).statusCode).toBe(200);
  });

  it('refuses to start half configured, naming what is missing', () => {
    expect(() => loadConfig({ APPLE_WALLET_TEAM_ID: 'TEAM123456' })).toThrow(ConfigError);
    expect(() => loadConfig({ APPLE_WALLET_TEAM_ID: 'TEAM123456' })).toThrow(/APPLE_WALLET_PASS_TYPE_ID/);
    expect(() =>
      loadConfig({
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@example.iam.gserviceaccount.com',
        GOOGLE_WALLET_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----',
      }),
    ).toThrow(/GOOGLE_WALLET_PRIVATE_KEY/);
    expect(loadConfig({}).appleWallet).toBeNull();
  });
});
