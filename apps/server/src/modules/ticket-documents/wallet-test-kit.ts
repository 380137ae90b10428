import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { attendees, events, orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * What the wallet suites share: a certificate chain made with the openssl CLI (a root standing for
 * Apple's, a WWDR-like intermediate, a pass signer), a sold ticket, and a pass read back with unzip and
 * openssl (every manifest SHA-1, and the detached PKCS#7 signature of manifest.json).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-'));
export const file = (name: string) => path.join(dir, name);
export const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function makeChain() {
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

const HOLDER_CHANGES = {
  attendee_edits_allowed: true,
  attendee_edits_until_hours: 2,
  transfers_allowed: true,
  transfers_until_hours: 2,
  max_transfers_per_ticket: 1,
};

export async function sale(app: TestApp['app']) {
  const s = await createSellingEvent(app);
  await app.deps.db
    .update(events)
    .set({ settings: { colors: { primary: '#c2255c' }, ...HOLDER_CHANGES } })
    .where(eq(events.id, s.event.id));
  // The venue and its coordinates as the organizer saves them in the event's details.
  const details = await app.inject({
    method: 'PUT',
    url: `/api/events/${s.event.id}`,
    headers: s.headers,
    payload: {
      location: { venue_name: 'Sala Apolo', city: 'Barcelona', latitude: '41.3744', longitude: '2.1700' },
    },
  });
  if (details.statusCode !== 200) throw new Error(details.body);
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
export function checkPass(pkpass: Buffer): Record<string, unknown> {
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
