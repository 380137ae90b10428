import type { App } from '../app.ts';
import { eventsBackOffice } from './events/index.ts';
import { sellingRoutes } from './tickets/selling.ts';

/** Every feature module's routes, registered once. Add a line per module. */
export async function registerModules(app: App): Promise<void> {
  await app.register(eventsBackOffice);
  void app;
  await app.register(sellingRoutes);
}
