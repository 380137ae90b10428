import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './browser.ts';

/** Waits for the e-mail to `to` whose link contains `fragment` (written by the mailer under DATA_DIR/mail). */
export async function mailLink(to: string, fragment: string, seen: Set<string>): Promise<string> {
  const dir = path.join(dataDir(), 'mail');
  for (let i = 0; i < 100; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(`${to}.eml`) && !seen.has(f));
    } catch {
      // no mail yet
    }
    for (const file of files.sort()) {
      const raw = readFileSync(path.join(dir, file), 'latin1');
      const text = Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
      const link = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => l.includes(fragment));
      if (link) {
        seen.add(file);
        return link;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} with ${fragment}`);
}
