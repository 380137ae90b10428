import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { attendees } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addQuestion } from '../../test/factories/checkout.ts';
import { checkPass, file, makeChain, sale } from './wallet-test-kit.ts';

/**
 * Apple Wallet passes signed with the chain of wallet-test-kit.ts, read back with unzip and openssl.
 * Google Wallet links verified with the public half of a key made here. Apple's and Google's services
 * themselves are the outside boundary: not called here (wallet-sync.test.ts talks to stand-ins of them).
 */
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

describe("passes follow the holder's own changes", () => {
  const googleObject = async (url: string) => {
    const res = await t.app.inject({ url: `${url}/google-wallet` });
    expect(res.statusCode, res.body).toBe(302);
    const { payload } = await jwtVerify(
      String(res.headers.location).split('/save/')[1] ?? '',
      google.publicKey,
    );
    return (payload.payload as { eventTicketObjects: Record<string, unknown>[] }).eventTicketObjects[0];
  };

  it('a corrected name and answers, then a transfer, make new copies: same serial, new holder, new code', async () => {
    const s = await sale(t.app);
    const size = await addQuestion(t.app, s.event, {
      title: 'Talla',
      belongs_to: 'ATTENDEE',
      type: 'RADIO',
      options: ['S', 'M'],
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${ticketUrl(s)}/holder`,
      payload: { first_name: 'Núria', last_name: 'Ibáñez Puig', answers: { [size.id]: 'M' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const first = checkPass((await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).rawPayload);
    const fields = first.eventTicket as Record<string, { label: string; value: string }[]>;
    expect(fields.auxiliaryFields?.[0]?.value).toBe('Núria Ibáñez Puig');
    expect(fields.backFields).toContainEqual(expect.objectContaining({ label: 'Talla', value: 'M' }));
    expect((await googleObject(ticketUrl(s)))?.textModulesData).toEqual([
      { id: 'answer0', header: 'Talla', body: 'M' },
    ]);

    const moved = await t.app.inject({
      method: 'POST',
      url: `${ticketUrl(s)}/transfer`,
      payload: { first_name: 'Pau', last_name: 'Roig', email: 'pau@example.com' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const next = { event: s.event, holder: { short_id: moved.json().data.short_id as string } };
    // The old address makes no pass any more; the new one carries the new holder and the new code.
    expect((await t.app.inject({ url: `${ticketUrl(s)}/apple-wallet` })).statusCode).toBe(404);
    const after = checkPass((await t.app.inject({ url: `${ticketUrl(next)}/apple-wallet` })).rawPayload);
    const [code] = after.barcodes as { message: string }[];
    const [row] = await t.app.deps.db.select().from(attendees).where(eq(attendees.id, s.holder.id));
    expect(after.serialNumber).toBe(s.holder.id);
    expect(code?.message).toBe(row?.qr_secret);
    expect(code?.message).not.toBe(s.holder.qr_secret);
    expect(JSON.stringify(after.eventTicket)).toContain('Pau Roig');
    const object = await googleObject(ticketUrl(next));
    expect(object).toMatchObject({
      id: `3388000000012345678.ticket-${s.holder.id}`,
      state: 'ACTIVE',
      ticketHolderName: 'Pau Roig',
      barcode: { value: row?.qr_secret },
    });
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
