import type { Queryable } from '../../db/client.ts';
import * as repo from './invoices.repository.ts';
import { fingerprint, registroAlta } from './verifactu.ts';

export interface ChainReport {
  accountId: string;
  records: number;
  /** What is wrong, record by record (empty: the chain holds). */
  problems: string[];
}

/**
 * Walks an account's Verifactu chain in order and recomputes every fingerprint from the record's own
 * fields: each must match what is stored, name the previous record's as its `Huella`, follow it by one in
 * the chain, and every series must number 1, 2, 3… per year (or from the number it started at) without
 * a gap or a repeat.
 */
export async function verifyChain(q: Queryable, accountId: string): Promise<ChainReport> {
  const rows = await repo.chainOf(q, accountId);
  const problems: string[] = [];
  let previous: string | null = null;
  const lastNumber = new Map<string, number>();
  rows.forEach((row, i) => {
    const at = `${row.number_text} (#${row.chain_seq})`;
    if (row.chain_seq !== i + 1) problems.push(`${at}: expected position ${i + 1} in the chain`);
    if (row.previous_fingerprint !== previous)
      problems.push(`${at}: does not name the previous record's fingerprint`);
    const computed = fingerprint(registroAlta(row));
    if (computed !== row.fingerprint)
      problems.push(`${at}: fingerprint ${row.fingerprint} should be ${computed}`);
    const series = `${row.series}/${row.year}`;
    const last = lastNumber.get(series);
    if (last !== undefined && row.number !== last + 1) {
      problems.push(`${at}: number ${row.number} follows ${last} in series ${series}`);
    }
    lastNumber.set(series, row.number);
    previous = row.fingerprint;
  });
  return { accountId, records: rows.length, problems };
}

/** Every account that issued invoices. */
export async function verifyAllChains(q: Queryable): Promise<ChainReport[]> {
  const reports: ChainReport[] = [];
  for (const accountId of await repo.accountsWithInvoices(q)) reports.push(await verifyChain(q, accountId));
  return reports;
}
