import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { verifyAllChains } from './verify-chain.ts';

/**
 * `npm run invoices:verify -w apps/server`: recomputes every account's Verifactu chain of invoice records
 * from the database the server uses (DATABASE_URL, or the PGlite under DATA_DIR) and exits 1 on a broken
 * link, a changed record or a gap in the numbering.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
let broken = 0;
try {
  const reports = await verifyAllChains(database.db);
  if (reports.length === 0) console.log('No invoice records.');
  for (const report of reports) {
    const state = report.problems.length === 0 ? 'OK' : 'BROKEN';
    console.log(`${state} account ${report.accountId}: ${report.records} records`);
    for (const problem of report.problems) console.log(`  ${problem}`);
    if (report.problems.length) broken++;
  }
} finally {
  await database.close();
}
process.exitCode = broken ? 1 : 0;
