import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * ICU messages for the server: compiled once by Lingui's own compiler (the web's catalogs' syntax), and
 * written here. @lingui/core is not used on the server because it brings its Babel macro (and TypeScript)
 * into the production install as an optional peer.
 */
type Compiled = string | Token[];
type Token = string | [string] | [string, string, Record<string, Compiled>?];

export type CompiledMessage = Compiled;
export const compile = (message: string): CompiledMessage => compileMessage(message) as Compiled;

export function format(locale: string, message: CompiledMessage, values: Record<string, unknown>): string {
  return write(locale, message, values, undefined);
}

function write(locale: string, message: Compiled, values: Record<string, unknown>, count?: number): string {
  if (typeof message === 'string') return message;
  return message
    .map((token) => {
      if (typeof token === 'string') {
        return token === '#' && count !== undefined ? new Intl.NumberFormat(locale).format(count) : token;
      }
      const [name, kind, branches] = token;
      const value = values[name];
      if (!kind || !branches) return value === undefined ? `{${name}}` : String(value);
      if (kind === 'plural' || kind === 'selectordinal') {
        const n = Number(value);
        const exact = branches[String(n)];
        const rule = new Intl.PluralRules(locale, { type: kind === 'plural' ? 'cardinal' : 'ordinal' });
        const branch = exact ?? branches[rule.select(n)] ?? branches.other ?? '';
        return write(locale, branch, values, n);
      }
      if (kind === 'select')
        return write(locale, branches[String(value)] ?? branches.other ?? '', values, count);
      return value === undefined ? '' : String(value);
    })
    .join('');
}
