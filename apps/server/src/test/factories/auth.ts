import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../app.ts';

/** Helpers for tests of the auth and users modules: e-mails delivered to DATA_DIR/mail and their links. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Runs the job queue, then returns (and removes) every e-mail written since the last call. */
export async function takeMail(app: App): Promise<SentMail[]> {
  await app.deps.jobs.drain();
  const dir = path.join(app.deps.config.dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((name) => {
    const file = path.join(dir, name);
    const raw = readFileSync(file, 'utf8');
    rmSync(file);
    return parseEml(raw);
  });
}

export function parseEml(raw: string): SentMail {
  const header = (name: string) => {
    const m = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'im').exec(raw);
    return m?.[1] ? decodeHeader(m[1].replace(/\n[ \t]+/g, ' ')) : '';
  };
  const decoded = decodeQuotedPrintable(raw);
  const links = [...new Set(decoded.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { to: header('To'), subject: header('Subject'), text: decoded, links };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The token at the end of the first link that contains `fragment`. */
export function linkToken(mail: SentMail | undefined, fragment: string): string {
  const link = mail?.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in ${mail?.subject ?? 'no mail'}`);
  return link.split('/').pop() as string;
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Lucía',
  last_name: 'Martín',
  email: `lucia.${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: 'una-clave-larga',
  password_confirmation: 'una-clave-larga',
  accept_terms: true,
  ...overrides,
});
