import type { DoorList, DoorSnapshotAttendee } from '@taquilla/shared/schemas/check-in';

/**
 * The door's data on the device (IndexedDB), one database per list: its attendees as the last snapshot
 * left them, the check-ins waiting to be uploaded, and the sync state. A scan is written here before
 * anything else, so a reload or a dead battery loses nothing.
 */
export interface PendingCheckIn {
  client_id: string;
  code: string;
  scanned_at: string;
  /** The attendee it let in, to keep them "inside" locally until the server confirms. */
  short_id: string;
}

export interface DoorState {
  list: DoorList | null;
  /** Where the next incremental snapshot starts (null: never synced). */
  version: string | null;
  refreshed_at: string | null;
}

const STORES = { attendees: 'attendees', pending: 'pending', meta: 'meta' } as const;
type Store = (typeof STORES)[keyof typeof STORES];

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

export class DoorDb {
  private constructor(private db: IDBDatabase) {}

  static open(shortId: string): Promise<DoorDb> {
    const req = indexedDB.open(`taquilla-door-${shortId}`, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORES.attendees, { keyPath: 'short_id' });
      req.result.createObjectStore(STORES.pending, { keyPath: 'client_id' });
      req.result.createObjectStore(STORES.meta);
    };
    return request(req).then((db) => new DoorDb(db));
  }

  private all<T>(store: Store): Promise<T[]> {
    return request(this.db.transaction(store).objectStore(store).getAll() as IDBRequest<T[]>);
  }

  attendees = () => this.all<DoorSnapshotAttendee>(STORES.attendees);
  pending = () => this.all<PendingCheckIn>(STORES.pending);

  async state(): Promise<DoorState> {
    const stored = await request(this.db.transaction(STORES.meta).objectStore(STORES.meta).get('state'));
    return (stored as DoorState | undefined) ?? { list: null, version: null, refreshed_at: null };
  }

  async saveState(state: DoorState): Promise<void> {
    const tx = this.db.transaction(STORES.meta, 'readwrite');
    tx.objectStore(STORES.meta).put(state, 'state');
    await done(tx);
  }

  /** A snapshot page and the version it brings the device to, in one transaction. */
  async applyPage(rows: DoorSnapshotAttendee[], state: DoorState): Promise<void> {
    const tx = this.db.transaction([STORES.attendees, STORES.meta], 'readwrite');
    const attendees = tx.objectStore(STORES.attendees);
    for (const row of rows) attendees.put(row);
    tx.objectStore(STORES.meta).put(state, 'state');
    await done(tx);
  }

  /** A check-in made at the door: queued and the attendee marked inside, together. */
  async admit(pending: PendingCheckIn, attendee: DoorSnapshotAttendee): Promise<void> {
    const tx = this.db.transaction([STORES.attendees, STORES.pending], 'readwrite');
    tx.objectStore(STORES.pending).put(pending);
    tx.objectStore(STORES.attendees).put(attendee);
    await done(tx);
  }

  /** Scans the server answered: no longer waiting; the attendees as the server now sees them. */
  async settle(clientIds: string[], attendees: DoorSnapshotAttendee[]): Promise<void> {
    const tx = this.db.transaction([STORES.attendees, STORES.pending], 'readwrite');
    for (const id of clientIds) tx.objectStore(STORES.pending).delete(id);
    for (const a of attendees) tx.objectStore(STORES.attendees).put(a);
    await done(tx);
  }

  async putAttendee(attendee: DoorSnapshotAttendee): Promise<void> {
    const tx = this.db.transaction(STORES.attendees, 'readwrite');
    tx.objectStore(STORES.attendees).put(attendee);
    await done(tx);
  }
}
