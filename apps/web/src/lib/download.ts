import { api, type RequestOptions } from './api-client.ts';

/**
 * Downloads an authenticated export (CSV or XLSX): the token travels in a header, so a plain link cannot
 * fetch it. The bytes are kept as they came (the CSV's BOM makes spreadsheet programs read UTF-8).
 */
export async function downloadExport(path: string, query: RequestOptions['query'], filename: string) {
  const blob = await api<Blob>(path, { query, as: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
