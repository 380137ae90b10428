import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/** The receiver example in docs/examples really verifies what Taquilla sends (and refuses a forgery). */
let t: TestApp;
let child: ChildProcess;
let output = '';
let port = 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  port = await freePort();
});
afterAll(async () => {
  child?.kill();
  await t.close();
});

it('the documented receiver verifies a sale and a rotated secret, and refuses a forged request', async () => {
  const s = await createSellingEvent(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/me/webhooks',
    headers: s.headers,
    payload: { url: `http://127.0.0.1:${port}/`, event_types: ['order.completed', 'attendee.created'] },
  });
  const endpoint = created.json().data;
  const rotated = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/me/webhooks/${endpoint.id}/rotate-secret`,
    headers: s.headers,
  });
  // The receiver only knows the old secret yet: the overlap's second signature lets it through.
  child = spawn(process.execPath, [path.join(REPO_ROOT, 'docs/examples/webhook-receiver.mjs')], {
    env: { ...process.env, WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  await expect.poll(() => output, { timeout: 10_000 }).toContain('listening');
  expect(rotated.json().data.secret).not.toBe(endpoint.secret);

  const ticket = await addTicket(t.app, s.event);
  await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
  await t.app.deps.jobs.drain();
  await expect.poll(() => output.split('\n').filter((l) => l.includes('"verified":true')).length).toBe(3);
  expect(output).toContain('"type":"order.completed","object":"order"');

  const forged = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: {
      'webhook-id': 'msg_x',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,AAAA',
    },
    body: '{"type":"order.completed"}',
  });
  expect(forged.status).toBe(401);
});
