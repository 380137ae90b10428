// Lingui extractor for the server's messages: `defineMessages({ 'feature.key': 'Spanish source' })`
// calls in apps/server/src, read with the TypeScript parser (the server has no Lingui macros). The web's
// lingui.config.ts runs it, so `lingui extract` writes the server's catalogs (apps/server/src/locales)
// with the web's, and one check covers both.
import path from 'node:path';
import ts from 'typescript';

const serverSrc = `${path.resolve(import.meta.dirname, '../src')}${path.sep}`;

/** The text of a string literal, a template without substitutions, or a `+` of them. */
function text(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return text(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = text(node.left);
    const right = text(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

export const serverMessageExtractor = {
  match: (filename) =>
    path.resolve(filename).startsWith(serverSrc) &&
    filename.endsWith('.ts') &&
    !filename.endsWith('.test.ts'),
  extract(filename, code, onMessageExtracted) {
    if (!code.includes('defineMessages(')) return;
    const file = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'defineMessages' &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        for (const prop of node.arguments[0].properties) {
          const id =
            prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))
              ? prop.name.text
              : undefined;
          const message = ts.isPropertyAssignment(prop) ? text(prop.initializer) : undefined;
          if (id === undefined || message === undefined) {
            throw new Error(`${filename}: defineMessages takes 'key': 'literal text' pairs only`);
          }
          const { line } = file.getLineAndCharacterOfPosition(prop.getStart());
          onMessageExtracted({ id, message, comment: message, origin: [filename, line + 1] });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  },
};
