// Fails when any message of any catalog lacks a Spanish or English translation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.po')) files.push(p);
  }
})(root);

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
