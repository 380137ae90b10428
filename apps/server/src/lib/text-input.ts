import type { FastifyRequest } from 'fastify';
import { invalid } from './errors.ts';
import { coreMessages } from './messages.ts';

/**
 * Text PostgreSQL cannot store: a NUL character, or UTF-16 that is not well formed (a lone surrogate
 * has no UTF-8 form). Checked once for every request, before any route's own validation, in the query,
 * the path parameters and a JSON body (keys and values), so no route can pass such text to the database.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

const MAX_DEPTH = 32;

/** The path of the first unstorable string or key in a parsed query or JSON body, or undefined. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // Only plain objects (the query parser's have a null-prototype parent): files and buffers are not text.
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && proto !== Object.prototype && Object.getPrototypeOf(proto) !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (unstorable(key)) return path || 'body';
    const found = findUnstorableText(item, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** preValidation hook: 422 naming the field, the same envelope as any validation error. */
export async function rejectUnstorableText(request: FastifyRequest) {
  const field =
    findUnstorableText(request.params) ??
    findUnstorableText(request.query) ??
    findUnstorableText(request.body);
  if (field) throw invalid({ [field]: coreMessages['validation.unstorable_text'] });
}
