import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
