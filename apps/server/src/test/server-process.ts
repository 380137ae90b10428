import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A real server process (src/main.ts under tsx) for fault tests: started, killed with SIGKILL, restarted. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export class ServerProcess {
  child: ChildProcess | null = null;
  url = '';
  private secret = randomBytes(32).toString('hex');
  /** 'pipe': the server's stdout is a pipe this process reads (and may close: `child.stdout.destroy()`). */
  constructor(
    public env: Record<string, string>,
    private stdout: 'inherit' | 'pipe' = 'inherit',
  ) {}

  async start(timeoutMs = 60_000): Promise<this> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'fatal',
        // The same across restarts, so sessions survive them.
        AUTH_SECRET: this.secret,
        TEST_PAYMENTS: 'true',
        RESERVATIONS_PER_MINUTE: '100000',
        RESERVATION_UNITS_PER_ADDRESS: '100000',
        ...this.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: this.url,
      },
      stdio: ['ignore', this.stdout, 'inherit'],
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).status === 200) return this;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start');
  }

  /** kill -9: no shutdown hook runs, open transactions and sockets just die. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM; resolves with the exit code (null when a signal ended it) once the process is gone. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async api(method: string, apiPath: string, body?: unknown, token?: string) {
    const res = await fetch(`${this.url}/api/${apiPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown> };
    return { status: res.status, data: json.data ?? {}, json };
  }
}

/** An organizer account with a LIVE event selling one ticket of `capacity` units, made over HTTP. */
export async function sellingEventOver(server: ServerProcess, capacity: number) {
  const reg = await server.api('POST', 'auth/register', {
    first_name: 'Ana',
    last_name: 'Fallos',
    email: `fallos.${randomBytes(4).toString('hex')}@example.com`,
    password: 'una-clave-larga',
    password_confirmation: 'una-clave-larga',
    accept_terms: true,
  });
  const token = String(reg.data.token);
  const organizer = await server.api('POST', 'organizers', { name: 'Sala' }, token);
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await server.api(
    'POST',
    'events',
    {
      name: 'Concierto',
      organizer_id: organizer.data.id,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3600_000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
    },
    token,
  );
  const eventId = String(event.data.id);
  const ticket = await server.api(
    'POST',
    `events/${eventId}/tickets`,
    { name: 'General', type: 'PAID', prices: [{ price_cents: 1000, quantity: capacity }] },
    token,
  );
  const live = await server.api('PUT', `events/${eventId}/status`, { status: 'LIVE' }, token);
  if (live.status !== 200) throw new Error(`event not live: ${JSON.stringify(live.json)}`);
  const prices = ticket.data.prices as { id: string }[];
  return { token, eventId, ticketId: String(ticket.data.id), priceId: prices[0]?.id ?? '' };
}

/** One buyer's whole checkout; resolves with the order's final status, or the failure. */
export async function buyOne(
  server: ServerProcess,
  sale: { eventId: string; ticketId: string; priceId: string },
  n: number,
): Promise<string> {
  try {
    const base = `public/events/${sale.eventId}/order`;
    const reserved = await server.api('POST', base, {
      tickets: [{ ticket_id: sale.ticketId, price_id: sale.priceId, quantity: 1 }],
    });
    if (reserved.status !== 201) return `reserve ${reserved.status}`;
    const short = String(reserved.data.short_id);
    const email = `comprador${n}@example.com`;
    const details = await server.api('PUT', `${base}/${short}`, {
      first_name: 'Comprador',
      last_name: String(n),
      email,
      email_confirmation: email,
    });
    if (details.status !== 200) return `details ${details.status}`;
    const paid = await server.api('POST', `${base}/${short}/payment`, {
      provider: 'test',
      card_number: '4242 4242 4242 4242',
    });
    return String(paid.data.status ?? `payment ${paid.status}`);
  } catch {
    return 'connection lost';
  }
}
