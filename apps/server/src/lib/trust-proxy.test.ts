import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

/**
 * Behind a reverse proxy the client's address comes from X-Forwarded-For, which the client can also
 * send itself. The documented nginx site appends the real address (`$proxy_add_x_forwarded_for`), so
 * only the entries the trusted proxies added may be believed: a spoofed entry in front is ignored.
 */
describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function clientAddress(trustProxy: string | undefined, forwardedFor: string, from = '127.0.0.1') {
    t = await createTestApp({
      env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
      configure: (app) => {
        app.get('/api/public/test-client-address', { schema: { hide: true } }, async (request) => ({
          ip: request.ip,
        }));
      },
    });
    const res = await t.app.inject({
      url: '/api/public/test-client-address',
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: from,
    });
    await t.close();
    t = undefined;
    return (res.json() as { ip: string }).ip;
  }

  it('true trusts one proxy: the address it appended, never one the client put in front', async () => {
    expect(await clientAddress('true', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('true', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('without it the header is ignored: the connection is the client', async () => {
    expect(await clientAddress(undefined, '6.6.6.6, 203.0.113.7')).toBe('127.0.0.1');
    expect(await clientAddress('false', '203.0.113.7')).toBe('127.0.0.1');
  });

  it('takes a number of proxy hops', async () => {
    expect(await clientAddress('2', '6.6.6.6, 198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });

  it("takes the proxies' addresses, and believes nothing a connection from elsewhere sends", async () => {
    const proxies = '127.0.0.1,10.0.0.0/8';
    expect(await clientAddress(proxies, '6.6.6.6, 203.0.113.7, 10.1.1.1')).toBe('203.0.113.7');
    expect(await clientAddress(proxies, '6.6.6.6', '192.0.2.5')).toBe('192.0.2.5');
  });

  it('refuses a value it cannot read, naming the variable', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-config-'));
    for (const bad of ['yes', '99', 'proxy.example.com', '10.0.0.1,']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
  });
});
