import type { AppDeps } from '../../deps.ts';
import type { QueueStore } from './queue.ts';
import { postgresQueue } from './queue-store.postgres.ts';
import { redisQueue } from './queue-store.redis.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const stores = new WeakMap<object, QueueStore>();

/** The app's store (one per database handle, as config.ts chose: Redis with REDIS_URL). */
export function queueStore(deps: Deps): QueueStore {
  let store = stores.get(deps.db);
  if (!store) {
    const chosen = deps.config.waitingRoomQueue;
    store = chosen.store === 'redis' ? redisQueue(deps.db, chosen) : postgresQueue(deps.db);
    stores.set(deps.db, store);
  }
  return store;
}

export async function closeQueueStore(deps: Deps) {
  const store = stores.get(deps.db);
  stores.delete(deps.db);
  await store?.close();
}
