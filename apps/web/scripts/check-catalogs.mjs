// Fails when any message of any catalog, the web's and the server's, lacks a translation in any of the
// supported languages (lingui.config.ts makes one catalog file per language).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.po')) files.push(p);
  }
}
walk(path.join(root, 'web/src'));
walk(path.join(root, 'server/src/locales'));

let missing = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const entries = text.split(/\n\n+/);
  for (const entry of entries) {
    const id = /^msgid "(.*)"$/m.exec(entry);
    if (!id || (id[1] === '' && !/\nmsgid ""\n"/.test(entry))) continue;
    if (entry.startsWith('#~')) continue;
    const str = /^msgstr "(.*)"((?:\n".*")*)/m.exec(entry);
    const value = str ? (str[1] + (str[2] ?? '')).replace(/"\n"/g, '') : '';
    if (!value.replace(/"/g, '').trim()) {
      missing++;
      console.error(`${path.relative(root, file)}: missing translation for ${JSON.stringify(id[1])}`);
    }
  }
}
console.log(`${files.length} catalogs checked, ${missing} missing translations`);
if (missing > 0) process.exit(1);
