import { Ajv } from 'ajv';
import type { App } from '../app.ts';

/**
 * Checks answers against the responses /api/docs documents for their route and status, so the
 * documentation cannot drift from the code. createTestApp installs it on every test app; a mismatch
 * fails the test file when the app closes.
 */
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };

export function validateDocumentedResponses(app: App) {
  const mismatches: string[] = [];
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addFormat('date-time', true).addFormat('email', true).addFormat('uuid', true).addFormat('uri', true);
  let paths: Record<string, Record<string, Operation>> | undefined;
  let components: { schemas: Record<string, object> } | undefined;
  const validators = new Map<string, ((data: unknown) => boolean) & { errors?: unknown }>();

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    // Prepared answers (lib/prepared-answer.ts) are UTF-8 bytes; compressed ones are left alone.
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload) && reply.getHeader('content-encoding') === undefined
          ? payload.toString('utf8')
          : undefined;
    if (text === undefined) return payload;
    if (!paths) {
      const document = app.swagger() as {
        paths: Record<string, Record<string, Operation>>;
        components?: { schemas?: Record<string, object> };
      };
      paths = document.paths;
      // Operations refer to the shared schemas as `#/components/schemas/<id>`.
      components = { schemas: document.components?.schemas ?? {} };
    }
    const docPath = url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation = paths[docPath]?.[request.method.toLowerCase()];
    const status = String(reply.statusCode);
    const responses = operation?.responses ?? {};
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default';
    const schema = responses[key]?.content?.['application/json']?.schema;
    if (!operation) {
      // Hidden on purpose (e.g. the Stripe webhook, which answers Stripe only).
      if (!(request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) {
        mismatches.push(`${request.method} ${url}: not in /api/docs`);
      }
      return payload;
    }
    if (!schema) {
      mismatches.push(`${request.method} ${url} → ${status}: no documented response`);
      return payload;
    }
    const id = `${request.method} ${docPath} ${key}`;
    let validate = validators.get(id);
    if (!validate) {
      try {
        validate = ajv.compile({ ...schema, components });
      } catch (err) {
        mismatches.push(`${request.method} ${url} → ${status}: documented schema unusable: ${String(err)}`);
        return payload;
      }
      validators.set(id, validate);
    }
    if (!validate(JSON.parse(text))) {
      mismatches.push(
        `${request.method} ${url} → ${status}: ${JSON.stringify(validate.errors).slice(0, 300)}`,
      );
    }
    return payload;
  });

  return {
    mismatches,
    assertNone() {
      if (mismatches.length)
        throw new Error(`answers that differ from /api/docs:\n${[...new Set(mismatches)].join('\n')}`);
    },
  };
}
