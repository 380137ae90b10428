import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startReceiver } from '../../test/webhook-receiver.ts';
import { isForbiddenAddress } from './address-policy.ts';
import { type OutboundOptions, postWebhook, type Resolve } from './outbound.ts';

/**
 * SSRF: a real receiver on 127.0.0.1 that must never be reached unless private targets are allowed. Each
 * refusal is checked by the receiver's own count, not by the client's word.
 */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respond = (_req, res) => res.end('ok');
});

const strict: OutboundOptions = { allowPrivate: false, timeoutMs: 2000, maxResponseBytes: 4096 };
const lan: OutboundOptions = { ...strict, allowPrivate: true };
const post = (url: string, options = strict) =>
  postWebhook(url, { 'webhook-id': 'msg_x' }, '{"a":1}', options);
/** A resolver that answers `addresses` for any name and counts the questions. */
function resolver(...addresses: string[]) {
  const fake = Object.assign(
    (async () => {
      fake.calls++;
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    }) as Resolve,
    { calls: 0 },
  );
  return fake;
}

describe('refused targets', () => {
  it('refuses loopback by address, by name and in IPv6 and IPv4-mapped forms; nothing reaches the receiver', async () => {
    const port = receiver.port;
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '0.0.0.0',
      '[::]',
      '0x7f.1',
      '2130706433',
    ]) {
      const result = await post(`http://${host}:${port}/hooks`);
      expect(result.status, host).toBeNull();
      expect(result.error, host).toMatch(/not a public address/);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses private, link-local, metadata, CGNAT, multicast and reserved ranges', async () => {
    for (const address of [
      '10.1.2.3',
      '172.16.5.5',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '224.0.0.251',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
      const host = address.includes(':') ? `[${address}]` : address;
      expect((await post(`http://${host}/x`)).error, address).toMatch(/not a public address/);
    }
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
    for (const resolve of [resolver('127.0.0.1'), resolver('8.8.8.8', '127.0.0.1'), resolver('::1')]) {
      const result = await post(`http://hooks.example.test:${receiver.port}/hooks`, { ...strict, resolve });
      expect(result.error).toMatch(/not a public address/);
      expect(resolve.calls).toBe(1);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses schemes other than http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://127.0.0.1:70/x']) {
      expect((await post(url)).error).toMatch(/is not http\(s\)/);
    }
  });
});

describe('the connection', () => {
  it('connects to the address its own lookup checked: one question, no second resolution to rebind', async () => {
    // With private targets allowed, a name only this resolver knows reaches the receiver: the socket used
    // the checked answer, not a fresh DNS query (the system resolver does not know the name).
    const resolve = resolver('127.0.0.1');
    const result = await post(`http://pinned.example.test:${receiver.port}/hooks`, { ...lan, resolve });
    expect(result).toMatchObject({ status: 200, body: 'ok', error: null });
    expect(resolve.calls).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.host).toBe(`pinned.example.test:${receiver.port}`);
  });

  it('WEBHOOKS_ALLOW_PRIVATE allows loopback', async () => {
    expect(await post(`http://127.0.0.1:${receiver.port}/hooks`, lan)).toMatchObject({ status: 200 });
    expect(await post(`http://localhost:${receiver.port}/hooks`, lan)).toMatchObject({ status: 200 });
    expect(receiver.received).toHaveLength(2);
  });

  it('does not follow redirects', async () => {
    receiver.respond = (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${receiver.port}/elsewhere` });
      res.end();
    };
    expect(await post(`http://127.0.0.1:${receiver.port}/hooks`, lan)).toMatchObject({ status: 302 });
    expect(receiver.received.map((r) => r.url)).toEqual(['/hooks']);
  });

  it('reads at most the size cap of an answer', async () => {
    receiver.respond = (_req, res) => res.end('x'.repeat(1024 * 1024));
    const result = await post(`http://127.0.0.1:${receiver.port}/hooks`, lan);
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(4096);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.respond = () => {};
    const result = await post(`http://127.0.0.1:${receiver.port}/hooks`, { ...lan, timeoutMs: 300 });
    expect(result.status).toBeNull();
    expect(result.error).toBe('no answer within 300 ms');
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(2000);
  });
});

describe('through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('by default a delivery to 127.0.0.1 is refused, logged and retried; the receiver gets nothing', async () => {
    const { createAccountWithUser } = await import('../../test/factories/accounts.ts');
    const s = await createAccountWithUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/me/webhooks',
      headers: s.headers,
      payload: { url: receiver.url, event_types: ['order.completed'] },
    });
    const id = created.json().data.id;
    await t.app.inject({ method: 'POST', url: `/api/accounts/me/webhooks/${id}/test`, headers: s.headers });
    await t.app.deps.jobs.drain();
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/me/webhooks/${id}/deliveries`,
      headers: s.headers,
    });
    expect(log.json().data[0]).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      response_status: null,
      error: '127.0.0.1 is not a public address',
    });
    expect(receiver.received).toHaveLength(0);
  });
});
