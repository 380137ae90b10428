// Fills msgstr entries of a .po catalog from a JSON object { "source message": "translation" }.
// Usage: node scripts/translate.mjs src/features/auth/locales/en.po translations.json
import { readFileSync, writeFileSync } from 'node:fs';

const [poFile, jsonFile] = process.argv.slice(2);
const map = JSON.parse(readFileSync(jsonFile, 'utf8'));
const quote = (s) => JSON.stringify(s);
let filled = 0;
const out = readFileSync(poFile, 'utf8').replace(/msgid (".*")\nmsgstr ".*"/g, (whole, id) => {
  const key = JSON.parse(id);
  if (key === '' || !(key in map)) return whole;
  filled++;
  return `msgid ${id}\nmsgstr ${quote(map[key])}`;
});
writeFileSync(poFile, out);
console.log(`${filled} translations written to ${poFile}`);
