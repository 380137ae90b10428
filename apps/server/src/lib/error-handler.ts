import { ErrorCode } from '@taquilla/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './errors.ts';
import { hasMessage, type MessageParams, t } from './i18n.ts';
import { coreMessages } from './messages.ts';
import { isDatabaseUnavailable, isDiskFull } from './unavailable.ts';

type ZodIssueLike = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** The one error handler: every failure becomes `{"error": {code, message, fields?}}` in the request's locale. */
export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = request.locale;
  const send = (
    status: number,
    code: string,
    key: string,
    params?: MessageParams,
    fields?: Record<string, FieldError | string>,
  ) =>
    reply.status(status).send({
      error: {
        code,
        message: t(locale, key, params),
        ...(fields && Object.keys(fields).length ? { fields: translateFields(locale, fields) } : {}),
      },
    });

  if (error instanceof AppError) {
    return send(error.status, error.code, error.messageKey, error.opts.params, error.opts.fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    const fields: Record<string, FieldError> = {};
    for (const issue of error.validation as unknown as ZodIssueLike[]) {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body';
      const input =
        context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
      fields[path] ??= fieldErrorFromIssue(issue, valueAt(input, issue.instancePath));
    }
    return send(422, ErrorCode.VALIDATION_FAILED, coreMessages['error.validation_failed'], undefined, fields);
  }
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(400, ErrorCode.BAD_REQUEST, coreMessages['error.malformed_json']);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return send(413, ErrorCode.PAYLOAD_TOO_LARGE, coreMessages['error.payload_too_large']);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(415, ErrorCode.BAD_REQUEST, coreMessages['error.unsupported_media_type']);
  }
  if (isDiskFull(error)) {
    // Reads still answer; every write fails until space is freed, then all recover by themselves.
    request.log.error(
      { err: error },
      'disk full: the database cannot write; free space on its disk (DATA_DIR)',
    );
    reply.header('retry-after', '60');
    return send(503, ErrorCode.SERVICE_UNAVAILABLE, coreMessages['error.disk_full']);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return send(503, ErrorCode.SERVICE_UNAVAILABLE, coreMessages['error.service_unavailable']);
  }
  const status = fe.statusCode ?? 500;
  if (status === 429) return send(429, ErrorCode.RATE_LIMITED, coreMessages['error.rate_limited']);
  if (status === 413) return send(413, ErrorCode.PAYLOAD_TOO_LARGE, coreMessages['error.payload_too_large']);
  if (status >= 400 && status < 500)
    return send(status, ErrorCode.BAD_REQUEST, coreMessages['error.bad_request']);
  request.log.error({ err: error }, 'unhandled error');
  return send(500, ErrorCode.INTERNAL, coreMessages['error.internal']);
}

function translateFields(locale: FastifyRequest['locale'], fields: Record<string, FieldError | string>) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, e]) => {
      const fe = typeof e === 'string' ? { key: e } : e;
      return [field, t(locale, fe.key, fe.params)];
    }),
  );
}

/** The value the request sent at a zod issue's path (`/tickets/0/quantity`), or undefined when absent. */
function valueAt(input: unknown, instancePath: string): unknown {
  let value = input;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Maps a zod issue to a message key: a key given in the schema (`{ error: 'auth.x' }`) wins; else by issue
 * kind. `sent` is what the request held at the issue's path: a wrong type is "required" only when absent
 * or null (zod does not report the input, so 1.5 for an integer or "100" for a number read as missing).
 */
function fieldErrorFromIssue(issue: ZodIssueLike, sent: unknown): FieldError {
  if (issue.message && hasMessage(issue.message)) return { key: issue.message };
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.expected === 'int' && typeof sent === 'number')
        return { key: coreMessages['validation.integer'] };
      return {
        key: sent == null ? coreMessages['validation.required'] : coreMessages['validation.invalid_type'],
      };
    case 'too_small':
      if (p.origin === 'string') {
        return Number(p.minimum) === 1
          ? { key: coreMessages['validation.required'] }
          : { key: coreMessages['validation.string_min'], params: { min: Number(p.minimum) } };
      }
      if (p.origin === 'array' || p.origin === 'set') {
        return { key: coreMessages['validation.array_min'], params: { min: Number(p.minimum) } };
      }
      return { key: coreMessages['validation.number_min'], params: { min: String(p.minimum) } };
    case 'too_big':
      if (p.origin === 'string')
        return { key: coreMessages['validation.string_max'], params: { max: Number(p.maximum) } };
      if (p.origin === 'array' || p.origin === 'set') {
        return { key: coreMessages['validation.array_max'], params: { max: Number(p.maximum) } };
      }
      return { key: coreMessages['validation.number_max'], params: { max: String(p.maximum) } };
    case 'invalid_format': {
      const format = String(p.format);
      if (format === 'email') return { key: coreMessages['validation.email'] };
      if (format === 'url') return { key: coreMessages['validation.url'] };
      if (format === 'uuid' || format === 'guid') return { key: coreMessages['validation.uuid'] };
      if (format === 'datetime' || format === 'date') return { key: coreMessages['validation.datetime'] };
      return { key: coreMessages['validation.invalid'] };
    }
    case 'invalid_value':
      return Array.isArray(p.values)
        ? { key: coreMessages['validation.enum'], params: { options: p.values.join(', ') } }
        : { key: coreMessages['validation.invalid'] };
    case 'not_multiple_of':
      return { key: coreMessages['validation.integer'] };
    case 'unrecognized_keys':
      return { key: coreMessages['validation.unknown_key'] };
    default:
      return { key: coreMessages['validation.invalid'] };
  }
}
