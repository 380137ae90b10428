import { AUDIT_REDACTED, type AuditChange } from '@taquilla/shared/schemas/audit';

/**
 * Field names whose values are secrets: passwords, tokens, keys, webhook and TOTP secrets, recovery
 * codes. Their values never reach the audit trail, at any depth; the entry still says they changed.
 */
const SECRET_NAME =
  /password|passphrase|secret|token|(^|_)key$|^key_|_hash$|recovery|totp|signature|credential/i;

export const isSecretName = (name: string) => SECRET_NAME.test(name);

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretName(k) ? AUDIT_REDACTED : redactValue(v)]),
    );
  }
  return value;
}

const redactSide = (name: string, value: unknown) =>
  value === undefined || value === null ? value : isSecretName(name) ? AUDIT_REDACTED : redactValue(value);

export function redactChanges(changes: Record<string, AuditChange>): Record<string, AuditChange> {
  const out: Record<string, AuditChange> = {};
  for (const [name, change] of Object.entries(changes)) {
    const entry: AuditChange = {};
    const before = redactSide(name, change.before);
    const after = redactSide(name, change.after);
    if (before !== undefined) entry.before = before;
    if (after !== undefined) entry.after = after;
    out[name] = entry;
  }
  return out;
}
