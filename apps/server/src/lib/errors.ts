import { ErrorCode } from '@taquilla/shared';
import type { MessageParams } from './i18n.ts';
import { coreMessages } from './messages.ts';

/** A field's error: a message key with its parameters. */
export type FieldError = { key: string; params?: MessageParams };

/**
 * The one error type services throw. `messageKey` is translated per request by the error handler;
 * `fields` maps a field path (e.g. `prices.0.price_cents`) to its message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly messageKey: string,
    readonly opts: { params?: MessageParams; fields?: Record<string, FieldError | string> } = {},
  ) {
    super(messageKey);
  }
}

export const notFound = (key: string = coreMessages['error.not_found']) =>
  new AppError(404, ErrorCode.NOT_FOUND, key);
export const forbidden = (key: string = coreMessages['error.forbidden']) =>
  new AppError(403, ErrorCode.FORBIDDEN, key);
export const unauthenticated = () =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, coreMessages['error.unauthenticated']);
export const conflict = (key: string, params?: MessageParams, code: string = ErrorCode.CONFLICT) =>
  new AppError(409, code, key, { params });
/** A 422 naming the fields at fault: `invalid({ email: 'auth.email_taken' })`. */
export const invalid = (
  fields: Record<string, FieldError | string>,
  key: string = coreMessages['error.validation_failed'],
) => new AppError(422, ErrorCode.VALIDATION_FAILED, key, { fields });

/** A PostgreSQL unique-index violation (23505), however deep the driver wrapped it: a race lost to a duplicate. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
