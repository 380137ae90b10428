import type http from 'node:http';
import { jsonRequest } from './lib.ts';

/**
 * The buyer's whole purchase over HTTP, shared by the purchase benches: reserve → details with one
 * attendee → test-card payment → COMPLETED, timed step by step.
 */
interface Answer {
  data?: { short_id?: string; status?: string };
}
export interface SoldTicket {
  id: string;
  prices: { id: string }[];
}
type Step = 'reserve' | 'details' | 'payment';

export class PurchaseFlow {
  readonly stepTimes: Record<Step, number[]> = { reserve: [], details: [], payment: [] };
  readonly purchases: number[] = [];
  readonly failures = new Map<string, number>();

  constructor(
    private readonly baseUrl: string,
    private readonly agent: http.Agent,
    private readonly buyers: number,
  ) {}

  reset() {
    for (const step of Object.values(this.stepTimes)) step.length = 0;
    this.purchases.length = 0;
    this.failures.clear();
  }

  private call(method: string, path: string, body: unknown, headers?: Record<string, string>) {
    return jsonRequest<Answer>(this.baseUrl, this.agent, method, path, body, headers);
  }

  private fail(what: string) {
    this.failures.set(what, (this.failures.get(what) ?? 0) + 1);
  }

  private async timed<T>(step: Step, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const out = await work();
    this.stepTimes[step].push(performance.now() - t0);
    return out;
  }

  /**
   * One whole purchase (on `dateId` when given; with `headers` on the reservation, e.g. a waiting room's
   * admission pass); false once the ticket is sold out.
   */
  async purchase(
    eventId: string,
    t: SoldTicket,
    n: number,
    dateId?: string,
    headers?: Record<string, string>,
  ): Promise<boolean> {
    const price = t.prices[0];
    if (!price) throw new Error('ticket without a price');
    const t0 = performance.now();
    const reserved = await this.timed('reserve', () =>
      this.call(
        'POST',
        `/api/public/events/${eventId}/order`,
        {
          tickets: [{ ticket_id: t.id, price_id: price.id, quantity: 1 }],
          ...(dateId ? { event_date_id: dateId } : {}),
        },
        headers,
      ),
    );
    if (reserved.status === 409) return false;
    if (reserved.status !== 201) {
      this.fail(`reserve ${reserved.status}`);
      return true;
    }
    const order = `/api/public/events/${eventId}/order/${reserved.json?.data?.short_id}`;
    const email = `comprador${n}@example.com`;
    const details = await this.timed('details', () =>
      this.call('PUT', order, {
        first_name: 'Ana',
        last_name: `García ${n}`,
        email,
        email_confirmation: email,
        attendees: [{ ticket_id: t.id, first_name: 'Ana', last_name: `García ${n}`, email }],
      }),
    );
    if (details.status !== 200) {
      this.fail(`details ${details.status}`);
      return true;
    }
    const paid = await this.timed('payment', () =>
      this.call('POST', `${order}/payment`, { provider: 'test', card_number: '4242 4242 4242 4242' }),
    );
    if (paid.status !== 200 || paid.json?.data?.status !== 'COMPLETED') {
      this.fail(`payment ${paid.status} ${paid.json?.data?.status ?? ''}`);
      return true;
    }
    this.purchases.push(performance.now() - t0);
    return true;
  }

  /**
   * Every buyer buying again and again until a reservation answers sold out (or `limit` purchases);
   * `headersOf(n)` gives the n-th purchase's reservation headers (undefined: no more buyers).
   */
  async sale(
    eventId: string,
    t: SoldTicket,
    opts: {
      limit?: number;
      dateId?: string;
      headersOf?: (n: number) => Record<string, string> | undefined;
    } = {},
  ) {
    const limit = opts.limit ?? Number.POSITIVE_INFINITY;
    let n = 0;
    const next = async () => {
      const i = n++;
      const headers = opts.headersOf?.(i);
      if (opts.headersOf && !headers) return false;
      return this.purchase(eventId, t, i, opts.dateId, headers);
    };
    await Promise.all(
      Array.from({ length: this.buyers }, async () => {
        while (n < limit && (await next())) {
          // next purchase
        }
      }),
    );
  }
}
