// Carries messages written the old way, `defineMessages({ es: {...}, en: {...} })`, over to the Lingui
// catalogs: the call keeps the Spanish source only and every other language's text goes into
// src/locales/{locale}.po. Then run `npm run i18n:extract -w apps/web` and translate what is missing.
// Usage: node apps/server/scripts/migrate-messages.mjs [files…]   (default: every file under src)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const src = path.resolve(import.meta.dirname, '../src');
const files = process.argv.slice(2).map((f) => path.resolve(f));
if (files.length === 0) {
  (function walk(dir) {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && readFileSync(p, 'utf8').includes('defineMessages(')) files.push(p);
    }
  })(src);
}

const text = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
    ? node.text
    : ts.isBinaryExpression(node)
      ? text(node.left) + text(node.right)
      : ts.isParenthesizedExpression(node)
        ? text(node.expression)
        : undefined;
const propName = (p) =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

const translations = {};
let moved = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const edits = [];
  (function visit(node) {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineMessages'
    ) {
      const arg = node.arguments[0];
      const byLocale = arg && ts.isObjectLiteralExpression(arg) ? arg.properties : [];
      const es = byLocale.find((p) => propName(p) === 'es');
      if (es && ts.isPropertyAssignment(es) && ts.isObjectLiteralExpression(es.initializer)) {
        for (const other of byLocale) {
          const locale = propName(other);
          if (other === es || !ts.isPropertyAssignment(other)) continue;
          for (const p of other.initializer.properties) {
            translations[locale] ??= {};
            translations[locale][propName(p)] = text(p.initializer);
          }
        }
        edits.push([arg.getStart(), arg.getEnd(), es.initializer.getText()]);
      }
    }
    ts.forEachChild(node, visit);
  })(source);
  if (edits.length === 0) continue;
  let out = code;
  for (const [start, end, replacement] of edits.reverse())
    out = out.slice(0, start) + replacement + out.slice(end);
  writeFileSync(file, out);
  moved += edits.length;
}

const quote = (s) => JSON.stringify(s);
for (const [locale, map] of Object.entries(translations)) {
  const po = path.join(src, 'locales', `${locale}.po`);
  let catalog = existsSync(po) ? readFileSync(po, 'utf8') : `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n`;
  for (const [key, value] of Object.entries(map)) {
    const entry = new RegExp(
      `^(?:#\\. js-lingui-explicit-id\\n)?msgid ${quote(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nmsgstr .*$`,
      'm',
    );
    const line = `#. js-lingui-explicit-id\nmsgid ${quote(key)}\nmsgstr ${quote(value)}`;
    catalog = entry.test(catalog) ? catalog.replace(entry, () => line) : `${catalog.trimEnd()}\n\n${line}\n`;
  }
  writeFileSync(po, catalog);
  console.log(
    `${Object.keys(map).length} ${locale} translations written to ${path.relative(process.cwd(), po)}`,
  );
}
console.log(`${moved} defineMessages calls now hold their Spanish source only`);
