import type {
  DoorAnswer,
  DoorAttendee,
  DoorCheckInResult,
  DoorList,
  DoorSnapshot,
  DoorSnapshotAttendee,
  DoorVerdict,
} from '@taquilla/shared/schemas/check-in';
import { DoorDb, type DoorState, type PendingCheckIn } from './door-db.ts';

/**
 * The door's brain, independent of React: it keeps the list's attendees in memory (loaded from
 * IndexedDB, refreshed incrementally from the server), gives a verdict for a scanned code from that copy,
 * queues check-ins on the device first and uploads them whenever the network allows.
 */

/** How often the local copy is brought up to date, and queued check-ins retried, while online. */
const REFRESH_MS = 5000;
const UPLOAD_MS = 3000;
/** Online, a scan waits this long for the server's word before trusting the local copy. */
const SERVER_WAIT_MS = 800;
const UPLOAD_BATCH = 500;

export interface Verdict {
  verdict: DoorVerdict;
  attendee: (DoorAttendee & { answers: DoorAnswer[] }) | null;
  /** When they were let in (ADMITTED: now; ALREADY_CHECKED_IN: the first time). */
  at: string | null;
  /** The server's sentence, when the server answered. */
  message: string | null;
  /** Decided on the device without the server (offline or slow network). */
  local: boolean;
  /** Milliseconds from the code to the local verdict. */
  verifyMs: number;
  id: number;
}

/** A person this device let in offline whom the server found had already entered (or could not enter). */
export interface DoorConflict {
  client_id: string;
  name: string;
  ticket_name: string;
  /** When this device let them in. */
  scanned_at: string;
  /** The server's sentence: when and where they had entered, or why the ticket was not valid. */
  message: string;
}

export interface DoorSnapshotState {
  status: 'loading' | 'ready' | 'unavailable';
  list: DoorList | null;
  online: boolean;
  waiting: number;
  refreshedAt: string | null;
  attendeesCount: number;
  insideCount: number;
  /** Bumped whenever the local copy changes, for search results to follow. */
  revision: number;
  unavailableMessage: string | null;
  /** Offline admissions the server did not keep, until staff acknowledge them. */
  conflicts: DoorConflict[];
}

type Listener = () => void;

/** Lower case without accents: staff typing «lucia martin» on a phone find Lucía Martín. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

const isCodeShortId = (code: string) => /^a_[0-9A-Za-z]+$/.test(code);

async function sha256Hex(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null; // not a secure context: only the server can tell
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const newClientId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export class DoorEngine {
  private db!: DoorDb;
  private byShortId = new Map<string, DoorSnapshotAttendee>();
  private byHash = new Map<string, string>();
  private pending = new Map<string, PendingCheckIn>();
  private inFlight = new Set<string>();
  private persisted: DoorState = { list: null, version: null, refreshed_at: null };
  private listeners = new Set<Listener>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private refreshing = false;
  private uploading = false;
  private verdictSeq = 0;
  state: DoorSnapshotState = {
    status: 'loading',
    list: null,
    online: navigator.onLine,
    waiting: 0,
    refreshedAt: null,
    attendeesCount: 0,
    insideCount: 0,
    revision: 0,
    unavailableMessage: null,
    conflicts: [],
  };

  constructor(
    readonly shortId: string,
    private locale: () => string,
  ) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(patch: Partial<DoorSnapshotState> = {}) {
    let attendeesCount = 0;
    let insideCount = 0;
    for (const a of this.byShortId.values()) {
      if (a.status !== 'ACTIVE' || !this.covers(a)) continue;
      attendeesCount++;
      if (a.checked_in_at) insideCount++;
    }
    this.state = {
      ...this.state,
      list: this.persisted.list,
      refreshedAt: this.persisted.refreshed_at,
      waiting: this.pending.size,
      attendeesCount,
      insideCount,
      revision: this.state.revision + 1,
      ...patch,
    };
    for (const l of this.listeners) l();
  }

  /** Kept beside the list's data: staff who reload the page still see what they have not read. */
  private get conflictsKey() {
    return `taquilla-door-conflicts:${this.shortId}`;
  }

  private readConflicts(): DoorConflict[] {
    try {
      return JSON.parse(localStorage.getItem(this.conflictsKey) ?? '[]') as DoorConflict[];
    } catch {
      return [];
    }
  }

  private addConflicts(found: DoorConflict[]) {
    if (found.length === 0) return;
    const known = new Set(this.state.conflicts.map((c) => c.client_id));
    const conflicts = [...this.state.conflicts, ...found.filter((c) => !known.has(c.client_id))];
    localStorage.setItem(this.conflictsKey, JSON.stringify(conflicts));
    this.emit({ conflicts });
  }

  dismissConflicts() {
    localStorage.removeItem(this.conflictsKey);
    this.emit({ conflicts: [] });
  }

  async start() {
    this.state = { ...this.state, conflicts: this.readConflicts() };
    this.db = await DoorDb.open(this.shortId);
    const [state, attendees, pending] = await Promise.all([
      this.db.state(),
      this.db.attendees(),
      this.db.pending(),
    ]);
    this.persisted = state;
    for (const a of attendees) this.remember(a);
    for (const p of pending) this.pending.set(p.client_id, p);
    this.emit({ status: state.list ? 'ready' : 'loading' });
    window.addEventListener('online', this.onNetwork);
    window.addEventListener('offline', this.onNetwork);
    this.timers.push(setInterval(() => void this.refresh(), REFRESH_MS));
    this.timers.push(setInterval(() => void this.upload(), UPLOAD_MS));
    await this.refresh();
    void this.upload();
  }

  stop() {
    for (const t of this.timers) clearInterval(t);
    window.removeEventListener('online', this.onNetwork);
    window.removeEventListener('offline', this.onNetwork);
  }

  private onNetwork = () => {
    this.emit({ online: navigator.onLine });
    if (navigator.onLine) void this.refresh().then(() => this.upload());
  };

  private remember(a: DoorSnapshotAttendee) {
    const before = this.byShortId.get(a.short_id);
    if (before && before.qr_hash !== a.qr_hash) this.byHash.delete(before.qr_hash);
    this.byShortId.set(a.short_id, a);
    this.byHash.set(a.qr_hash, a.short_id);
  }

  /** The server's rule (check-in.sync.ts `refusal`): one of the list's tickets, of its date if it has one. */
  covers(a: DoorSnapshotAttendee) {
    return this.coversTicket(a) && this.coversDate(a);
  }

  private coversTicket(a: DoorSnapshotAttendee) {
    const ids = this.persisted.list?.ticket_ids ?? [];
    return ids.length === 0 || ids.includes(a.ticket_id);
  }

  private coversDate(a: DoorSnapshotAttendee) {
    const dateId = this.persisted.list?.event_date?.id;
    return !dateId || a.event_date?.id === dateId;
  }

  private url(path = '') {
    return `/api/public/check-in-lists/${encodeURIComponent(this.shortId)}${path}`;
  }

  private async call<T>(path: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<T> {
    const res = await fetch(this.url(path), {
      ...init,
      headers: { accept: 'application/json', 'accept-language': this.locale(), ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok)
      throw Object.assign(new Error(body?.error?.message ?? res.statusText), { status: res.status });
    return body as T;
  }

  /** Whether a failure is the network (try again later) rather than the server's answer. */
  private networkFailed(err: unknown) {
    const status = (err as { status?: number }).status;
    if (status === undefined) {
      if (this.state.online) this.emit({ online: false });
      return true;
    }
    return false;
  }

  /** The list, then every snapshot page since the version the device holds. */
  async refresh() {
    if (this.refreshing || !navigator.onLine) return;
    this.refreshing = true;
    try {
      const { data: list } = await this.call<{ data: DoorList }>('');
      // Other tickets or another date now admitted (or no longer): their holders' rows change, so fetch
      // everything again.
      const before = this.persisted.list;
      const ticketsChanged =
        before &&
        (before.ticket_ids.join() !== list.ticket_ids.join() ||
          (before.event_date?.id ?? null) !== (list.event_date?.id ?? null));
      this.persisted = { ...this.persisted, list, ...(ticketsChanged ? { version: null } : {}) };
      for (;;) {
        const since = this.persisted.version ? `?since=${encodeURIComponent(this.persisted.version)}` : '';
        const page = await this.call<DoorSnapshot>(`/snapshot${since}`);
        const rows = page.data.map((row) => this.keepLocalCheckIn(row));
        this.persisted = {
          ...this.persisted,
          version: page.meta.version,
          refreshed_at: page.meta.complete ? new Date().toISOString() : this.persisted.refreshed_at,
        };
        await this.db.applyPage(rows, this.persisted);
        for (const row of rows) this.remember(row);
        if (page.meta.complete) break;
      }
      this.emit({ status: 'ready', online: true, unavailableMessage: null });
    } catch (err) {
      if (!this.networkFailed(err) && (err as { status?: number }).status === 404) {
        this.emit({ status: 'unavailable', unavailableMessage: (err as Error).message });
      } else {
        this.emit();
      }
    } finally {
      this.refreshing = false;
    }
  }

  /** A check-in still waiting to upload keeps its attendee inside, whatever an older snapshot says. */
  private keepLocalCheckIn(row: DoorSnapshotAttendee): DoorSnapshotAttendee {
    if (row.checked_in_at) return row;
    for (const p of this.pending.values()) {
      if (p.short_id === row.short_id) return { ...row, checked_in_at: p.scanned_at };
    }
    return row;
  }

  private async lookup(code: string): Promise<DoorSnapshotAttendee | null> {
    if (isCodeShortId(code)) return this.byShortId.get(code) ?? null;
    const hash = await sha256Hex(code);
    const shortId = hash ? this.byHash.get(hash) : undefined;
    return shortId ? (this.byShortId.get(shortId) ?? null) : null;
  }

  private localVerdict(a: DoorSnapshotAttendee | null): DoorVerdict {
    if (!a) return 'NOT_FOUND';
    if (a.status === 'CANCELLED') return 'CANCELLED';
    if (a.status === 'TRANSFERRED') return 'TRANSFERRED';
    if (a.status === 'AWAITING_PAYMENT') return 'AWAITING_PAYMENT';
    if (!this.coversTicket(a)) return 'NOT_COVERED';
    if (!this.coversDate(a)) return 'WRONG_DATE';
    return a.checked_in_at ? 'ALREADY_CHECKED_IN' : 'ADMITTED';
  }

  /**
   * A scanned or typed code. The local copy decides at once; a check-in is queued on the device before
   * anything is shown. Online, the server's answer (a few milliseconds away) is preferred when it comes
   * in time: it knows about other doors' scans the device has not fetched yet.
   */
  async scan(raw: string): Promise<Verdict> {
    const code = raw.trim();
    const started = performance.now();
    const attendee = await this.lookup(code);
    const verdict = this.localVerdict(attendee);
    const scannedAt = new Date().toISOString();
    let pending: PendingCheckIn | null = null;
    if (verdict === 'ADMITTED' && attendee) {
      pending = { client_id: newClientId(), code, scanned_at: scannedAt, short_id: attendee.short_id };
      const inside = { ...attendee, checked_in_at: scannedAt };
      await this.db.admit(pending, inside);
      this.pending.set(pending.client_id, pending);
      this.remember(inside);
    }
    const verifyMs = performance.now() - started;
    const local: Verdict = {
      verdict,
      attendee: pending && attendee ? { ...attendee, checked_in_at: scannedAt } : attendee,
      at: verdict === 'ADMITTED' ? scannedAt : (attendee?.checked_in_at ?? null),
      message: null,
      local: true,
      verifyMs,
      id: ++this.verdictSeq,
    };
    this.emit();
    if (!navigator.onLine || !this.state.online) return local;

    const item = pending ?? { client_id: newClientId(), code, scanned_at: scannedAt, short_id: '' };
    const answer = await this.ask(item);
    if (!answer) return local;
    return { ...this.fromServer(answer, attendee), verifyMs, id: ++this.verdictSeq };
  }

  /** One scan to the server, waiting at most SERVER_WAIT_MS; null when it did not answer in time. */
  private async ask(item: PendingCheckIn): Promise<DoorCheckInResult | null> {
    this.inFlight.add(item.client_id);
    try {
      const body = JSON.stringify({
        check_ins: [{ client_id: item.client_id, code: item.code, scanned_at: item.scanned_at }],
      });
      const res = await this.call<{ data: DoorCheckInResult[] }>(
        '/check-ins',
        { method: 'POST', body, headers: { 'content-type': 'application/json' } },
        SERVER_WAIT_MS,
      );
      const [answer] = res.data;
      if (answer) await this.settle([answer]);
      return answer ?? null;
    } catch (err) {
      this.networkFailed(err);
      return null;
    } finally {
      this.inFlight.delete(item.client_id);
    }
  }

  private fromServer(
    answer: DoorCheckInResult,
    known: DoorSnapshotAttendee | null,
  ): Omit<Verdict, 'verifyMs' | 'id'> {
    // The server's attendee, with the door answers the device holds (none for a sale not synced yet).
    const local = answer.attendee ? (this.byShortId.get(answer.attendee.short_id) ?? known) : null;
    return {
      verdict: answer.verdict,
      attendee: answer.attendee ? { ...answer.attendee, answers: local?.answers ?? [] } : null,
      at: answer.checked_in_at,
      message: answer.message,
      local: false,
    };
  }

  /** The server's answers: the scans leave the queue, their attendees take the server's state. */
  private async settle(answers: DoorCheckInResult[]) {
    const changed: DoorSnapshotAttendee[] = [];
    for (const answer of answers) {
      const pending = this.pending.get(answer.client_id);
      const shortId = answer.attendee?.short_id ?? pending?.short_id;
      const current = shortId ? this.byShortId.get(shortId) : undefined;
      if (!current) continue;
      if (
        answer.verdict === 'ADMITTED' ||
        answer.verdict === 'ALREADY_CHECKED_IN' ||
        answer.verdict === 'CONFLICT'
      ) {
        changed.push({ ...current, checked_in_at: answer.checked_in_at ?? current.checked_in_at });
      } else if (pending) {
        // Refused after all (cancelled meanwhile…): the device no longer counts them inside.
        changed.push({ ...current, checked_in_at: null });
      }
    }
    const ids = answers.map((a) => a.client_id);
    await this.db.settle(ids, changed);
    for (const id of ids) this.pending.delete(id);
    for (const a of changed) this.remember(a);
    this.emit({ online: true });
  }

  /** The uploaded admissions the server refused: who, when this device let them in, and the server's why. */
  private conflictsOf(answers: DoorCheckInResult[]): DoorConflict[] {
    return answers.flatMap((answer) => {
      const pending = this.pending.get(answer.client_id);
      if (answer.verdict !== 'CONFLICT' || !pending) return [];
      const known = this.byShortId.get(pending.short_id);
      const person = answer.attendee ?? known;
      return [
        {
          client_id: answer.client_id,
          name: person ? `${person.first_name} ${person.last_name}`.trim() : pending.short_id,
          ticket_name: person?.ticket_name ?? '',
          scanned_at: pending.scanned_at,
          message: answer.message,
        },
      ];
    });
  }

  /** Queued check-ins, oldest first, in batches; they were let in without the server, hence `offline`. */
  async upload() {
    if (this.uploading || !navigator.onLine) return;
    this.uploading = true;
    try {
      for (;;) {
        const batch = [...this.pending.values()]
          .filter((p) => !this.inFlight.has(p.client_id))
          .sort((a, b) => a.scanned_at.localeCompare(b.scanned_at))
          .slice(0, UPLOAD_BATCH);
        if (batch.length === 0) return;
        const body = JSON.stringify({
          check_ins: batch.map((p) => ({
            client_id: p.client_id,
            code: p.code,
            scanned_at: p.scanned_at,
            offline: true,
          })),
        });
        const res = await this.call<{ data: DoorCheckInResult[] }>('/check-ins', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        const conflicts = this.conflictsOf(res.data);
        await this.settle(res.data);
        this.addConflicts(conflicts);
      }
    } catch (err) {
      this.networkFailed(err);
    } finally {
      this.uploading = false;
    }
  }

  /**
   * Online only: the server forgets the check-in, and so does the device; also when the server had
   * already forgotten it (another door undid it first). A failed network changes nothing.
   */
  async undo(shortId: string) {
    try {
      await this.call(`/check-ins/${encodeURIComponent(shortId)}`, { method: 'DELETE' });
    } catch (err) {
      if (this.networkFailed(err) || (err as { status?: number }).status !== 404) {
        this.emit();
        return;
      }
    }
    const current = this.byShortId.get(shortId);
    if (current) {
      const out = { ...current, checked_in_at: null };
      await this.db.putAttendee(out);
      this.remember(out);
    }
    this.emit();
  }

  /** Search of the local copy (the list's own attendees) by name, masked e-mail or short id, accents aside. */
  search(query: string, limit = 30): DoorSnapshotAttendee[] {
    const q = folded(query.trim());
    const out: DoorSnapshotAttendee[] = [];
    for (const a of this.byShortId.values()) {
      // A revoked code (its ticket passed to someone else) is no one to find: the new code is another row.
      if (!this.covers(a) || a.status === 'TRANSFERRED') continue;
      const text = folded(`${a.first_name} ${a.last_name} ${a.email} ${a.short_id}`);
      if (!q || text.includes(q)) out.push(a);
    }
    out.sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`));
    return out.slice(0, limit);
  }

  isPending(shortId: string) {
    for (const p of this.pending.values()) if (p.short_id === shortId) return true;
    return false;
  }
}
