import { api, type RequestOptions } from './api-client.ts';

/**
 * Downloads an authenticated CSV export: the token travels in a header, so a plain link cannot fetch it.
 * The BOM (dropped by the text decoder) is put back so spreadsheet programs read UTF-8.
 */
export async function downloadCsv(path: string, query: RequestOptions['query'], filename: string) {
  const csv = await api<string>(path, { query, as: 'text' });
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
