import net from 'node:net';

/** A TCP proxy in front of a database that a test can freeze (a hung server), cut (a dead one) and restore. */
export class TcpProxy {
  frozen = false;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async listen(port = 0) {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      const upstream = net.connect(this.target);
      this.sockets.add(upstream);
      // While frozen nothing is forwarded either way: a hung server, not a dead one.
      client.on('data', (d) => this.frozen || upstream.write(d));
      upstream.on('data', (d) => this.frozen || client.write(d));
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.on('error', () => b.destroy());
      }
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** The database is down: every connection cut, new ones refused. */
  async cut() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
