import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs made from the zod schemas routes declare: a plausible valid value (the permission matrix sends
 * it so a refusal cannot hide behind a 422) and fast-check arbitraries mixing valid values with hostile
 * ones (the fuzz test). Both work on the schema's JSON Schema form (`z.toJSONSchema`, input side).
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const FUTURE = new Date(Date.now() + 60 * 24 * 3600 * 1000);

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'email':
      return 'ana@example.com';
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return FUTURE.toISOString().replace(/\.\d+Z$/, 'Z');
    case 'date':
      return FUTURE.toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 40;
  const text = 'Muestra de texto válido';
  return text.length >= min ? text.slice(0, Math.max(min, Math.min(max, text.length))) : 'x'.repeat(min);
}

/** Values for fields whose rules live in refinements a JSON Schema cannot show. */
const BY_NAME: Record<string, unknown> = {
  email: 'ana@example.com',
  email_confirmation: 'ana@example.com',
  confirm_email: 'ana@example.com',
  currency: 'EUR',
  timezone: 'Europe/Madrid',
  locale: 'es',
  code: 'CODIGO1',
  tax_id: 'B12345674',
  series_prefix: 'F',
  start_time: '20:00',
  closes_at: '23:00',
};

/** A value the schema most likely accepts (refinements across fields may still refuse it). */
export function sampleOf(s: JsonSchema | undefined, name?: string): unknown {
  if (!s) return {};
  if (name && name in BY_NAME && (s.type === 'string' || s.anyOf || !s.type)) return BY_NAME[name];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return sampleOf(union.find((u) => u.type !== 'null') ?? union[0]);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((p) => sampleOf(p) as object));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key], key);
      // Optional choices (e.g. a ticket's `type`) are often required together by a refinement.
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (!(key in out) && (prop.enum?.length || prop.const !== undefined)) out[key] = sampleOf(prop, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 1 }, () => sampleOf(s.items ?? s.prefixItems?.[0]));
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Strings an attacker sends: what PostgreSQL cannot store, huge, control characters, SQL, HTML, paths. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u0001\u0002\u001f\u007f',
  '\u202e\u200b\ufeff',
  "' OR 1=1 --",
  "'; drop table users; --",
  '"\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}#{7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%ff%',
  '__proto__',
  'constructor',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '😀'.repeat(50),
  'x'.repeat(20_000),
];

const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 63, -(2 ** 53), 1.5, 1e308, [], {}, [null], {
    __proto__: { admin: true },
  }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Values for the schema: mostly valid-shaped, often hostile, sometimes of the wrong type. */
export function arbitraryOf(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return hostileValue;
  const union = s.anyOf ?? s.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (s.const !== undefined) shaped = fc.constant(s.const);
  else if (s.enum?.length) shaped = fc.constantFrom(...s.enum);
  else if (union?.length) shaped = fc.oneof(...union.map((u) => arbitraryOf(u, depth + 1)));
  else {
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    switch (type) {
      case 'object': {
        const props = s.properties ?? {};
        const keys = Object.keys(props);
        shaped = keys.length
          ? fc.record(
              Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)])) as Record<
                string,
                fc.Arbitrary<unknown>
              >,
              { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) },
            )
          : fc.constant({});
        break;
      }
      case 'array':
        shaped = fc.array(arbitraryOf(s.items ?? s.prefixItems?.[0], depth + 1), {
          maxLength: Math.min(s.maxItems ?? 4, 4),
        });
        break;
      case 'string':
        shaped = fc.oneof(fc.constant(sampleString(s)), fc.string({ maxLength: s.maxLength ?? 60 }));
        break;
      case 'integer':
        shaped = fc.oneof(fc.constant(sampleOf(s)), fc.integer());
        break;
      case 'number':
        shaped = fc.oneof(fc.constant(sampleOf(s)), fc.double({ noNaN: true }));
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      default:
        shaped = hostileValue;
    }
  }
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

/** Paths of every leaf of a JSON value. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head as string] = replaceAt(copy[head as string], rest, next);
  return copy;
}

/**
 * A valid sample with exactly one leaf made hostile: the input that gets past validation to the
 * service and the database, where unstorable text used to become a 500.
 */
export function oneHostileField(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const sample = sampleOf(s);
  const paths = leafPaths(sample);
  if (paths.length === 0) return hostileValue;
  return fc
    .tuple(fc.nat({ max: paths.length - 1 }), fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), hostileValue))
    .map(([i, bad]) => replaceAt(sample, paths[i] ?? [], bad));
}
