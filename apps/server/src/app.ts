import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DEFAULT_LOCALE, ErrorCode, type Locale } from '@taquilla/shared';
import { dataEnvelope, errorEnvelopeSchema } from '@taquilla/shared/schemas/envelope';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { errorHandler } from './lib/error-handler.ts';
import { negotiateLocale, t } from './lib/i18n.ts';
import { JobQueue } from './lib/jobs.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { Mailer } from './lib/mailer.ts';
import { coreMessages } from './lib/messages.ts';
import { openapiDocument, openapiTransform, openapiTransformObject } from './lib/openapi.ts';
import { addLoadShedding } from './lib/overload.ts';
import { PreparedAnswers, writePrepared } from './lib/prepared-answer.ts';
import { rateLimitStorage } from './lib/rate-limit-store.ts';
import { requestContextHook } from './lib/request-context.ts';
import { collectRoutes } from './lib/route-table.ts';
import { isAppRoute, SpaShell } from './lib/spa.ts';
import { rejectUnstorableText } from './lib/text-input.ts';
import { addRequestTimeout, withTimeout } from './lib/unavailable.ts';
import { type ApiKeyLimiter, authHook } from './modules/auth/sessions.ts';
import { organizerScopeHook } from './modules/events/owned-event.ts';
import { registerModules } from './modules/index.ts';
import { registerInvoiceAttachments } from './modules/invoices/invoices.attachments.ts';
import { recordOrderEmailOutcome } from './modules/orders/email-outcome.ts';
import { registerTicketAttachments } from './modules/ticket-documents/ticket-documents.attachments.ts';
import { startTicker } from './modules/waiting-room/ticker.ts';

const HEALTH_TIMEOUT_MS = 3_000;

const unavailable = (reply: FastifyReply, locale: Locale, message: string) =>
  reply.status(503).send({ error: { code: ErrorCode.SERVICE_UNAVAILABLE, message: t(locale, message) } });

/**
 * The security headers of JSON answers (everything under /api/ but the docs). They are never rendered:
 * the strictest policy, no framing, no sniffing, not readable by other origins' no-cors requests, HTTPS
 * only. The document-only headers helmet adds to pages (Cross-Origin-Opener-Policy,
 * Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) change nothing for them and cost bytes on the
 * busiest endpoints.
 */
const JSON_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const JSON_SECURITY_HEADER_LIST = Object.entries(JSON_SECURITY_HEADERS).flat();

/** The built server; its `deps` and request decorations are typed in fastify-augmentation.ts. */
export type App = FastifyInstance;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Run the job worker in the background (off in tests, which call `app.deps.jobs.drain()`). */
  startJobs?: boolean;
}

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many proxies in front of us, whoever connects (Fastify
 * alone refuses hop counts, since a client reaching the port directly can then claim an address: the docs
 * say to list the proxies' addresses where the port is reachable from outside).
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? { level: config.logLevel }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Graceful shutdown: close() stops accepting and waits for in-flight requests.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the answers (/api/docs) and type the handlers; the test apps check every
  // answer against them (test/documented-responses.ts). Serialization stays plain JSON.stringify: zod's
  // encoder would strip undocumented keys and turn any mismatch into a 500 in production.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const jobs = new JobQueue(database.db, app.log, 1000, config.jobLockSeconds);
  const mailer = new Mailer(
    {
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.mailFrom,
      messageIdHost: new URL(config.appUrl).hostname,
      maxConnections: config.mailConcurrency,
    },
    app.log,
  );
  mailer.registerJob(jobs, recordOrderEmailOutcome);
  registerInvoiceAttachments(mailer, database.db);
  registerTicketAttachments(mailer, config, database.db);
  await jobs.keepCompletedFor(config.jobRetentionDays * 24 * 3600);
  const spa = new SpaShell(config.webDistDir);
  const routes = collectRoutes(app);
  const answers = new PreparedAnswers();
  app.decorate('deps', { config, database, db: database.db, jobs, mailer, spa, routes, answers });
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('auth', null);

  // A repeat of a public GET whose answer a micro-cache holds (public-events: the event page's read
  // model) is answered here, first: the prepared bytes (ETag/304, compression) with the JSON security
  // headers, written in one go. It skips the cookie, locale, auth and timeout hooks, the route's
  // validation and the onSend hooks, none of which can change it: the same URL already went through
  // all of them to be remembered, and no credentials are read (with an Authorization header the full
  // pipeline runs, token renewal too). Fastify still logs it and runs the onResponse hooks.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && request.headers.authorization === undefined) {
      const answer = answers.find(request.url);
      if (answer && writePrepared(request, reply, answer, JSON_SECURITY_HEADER_LIST)) return;
    }
    done();
  });
  // Before every hook that may wait (the rate-limit store, the session lookup of a logged-in request), so
  // the whole request is bounded, not only its handler.
  addRequestTimeout(app, config.requestTimeoutMs);
  await app.register(cookie);
  // helmet's middlewares are built once here: per request they only set precomputed headers.
  // (@fastify/helmet rebuilt them, CSP parsing included, on every request: a third of the public API's CPU.)
  const pageDirectives = {
    defaultSrc: ["'self'"],
    // wasm-unsafe-eval: the door's QR reader is WebAssembly (served from this origin).
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
  const pageHeaders = helmet({
    contentSecurityPolicy: { directives: pageDirectives },
    crossOriginEmbedderPolicy: false,
  });
  // Only the embeddable widget's pages may be framed by organizers' sites (the widget module narrows
  // `*` to the organizer's allowed origins); every other page refuses it. Its snippet, /widget.js, is
  // loaded by those sites' pages.
  const widgetHeaders = helmet({
    contentSecurityPolicy: { directives: { ...pageDirectives, frameAncestors: ['*'] } },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: false,
  });
  const isWidget = (url: string) =>
    url.startsWith('/widget/') || url === '/widget.js' || url.startsWith('/widget.js?');
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.headers(JSON_SECURITY_HEADERS);
      return done();
    }
    const headers = isWidget(request.url) ? widgetHeaders : pageHeaders;
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(compress, { threshold: 1024 });
  const rateLimits = rateLimitStorage(database.db, config.redisUrl);
  await app.register(rateLimit, {
    ...rateLimits.options,
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
  await app.register(swagger, {
    ...openapiDocument,
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.cookies.locale, request.headers['accept-language']);
  });
  // A crowd on the reservation or payment routes gets quick refusals, before any database wait.
  addLoadShedding(app, config.overload);
  const keyLimit = app.createRateLimit({
    max: config.apiKeyRequestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.auth?.apiKey?.id}`,
  });
  // Every key is counted (no allow list), so the answer always carries the counts.
  const limitApiKey: ApiKeyLimiter = async (request) => {
    const counted = await keyLimit(request);
    if (!('max' in counted)) throw new Error('API key rate limit not counted');
    return counted;
  };
  app.addHook('onRequest', authHook({ db: database.db, secret: config.authSecret, limitApiKey }));
  // After the auth hook: the rest of the request runs with its caller at hand (the audit trail reads it).
  app.addHook('onRequest', requestContextHook);
  app.addHook('preHandler', organizerScopeHook(database.db));
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', rejectUnstorableText);

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Health: 200 when the database answers, 503 within 3 s when it does not',
        response: {
          200: dataEnvelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        // A hung database must not hang the health check: load balancers need an answer.
        await withTimeout(database.ping(), HEALTH_TIMEOUT_MS);
      } catch (err) {
        request.log.error({ err }, 'health check failed: the database does not answer');
        return unavailable(reply, request.locale, coreMessages['error.service_unavailable']);
      }
      // Without the rate-limit store, login and reservations answer 500: the process is not healthy.
      const { ping } = rateLimits;
      if (ping) {
        try {
          await withTimeout(ping(), HEALTH_TIMEOUT_MS);
        } catch (err) {
          request.log.error({ err }, 'health check failed: Redis (REDIS_URL) does not answer');
          return unavailable(reply, request.locale, coreMessages['error.redis_unavailable']);
        }
      }
      return { data: { status: 'ok' as const, database: database.kind } };
    },
  );

  await registerModules(app);

  if (spa.available) {
    // `/` is a screen of the web app (spec §2); the static plugin would answer the bare folder with 403.
    app.get('/', { schema: { hide: true } }, (request, reply) => spa.send(reply, { lang: request.locale }));
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && request.method === 'GET' && spa.available) {
      // The web app shows its not-found page for an unknown address; the status says so too.
      const status = isAppRoute(request.url) ? 200 : 404;
      return spa.send(reply, { lang: request.locale }, status);
    }
    return reply.status(404).send({
      error: {
        code: ErrorCode.NOT_FOUND,
        message: t(
          request.locale,
          isApi ? coreMessages['error.route_not_found'] : coreMessages['error.not_found'],
        ),
      },
    });
  });

  // Graceful shutdown: in-flight responses finish with `connection: close` so keep-alive sockets end.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    answers.close();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    await rateLimits.close();
    await database.close();
  });
  if (opts.startJobs) app.addHook('onReady', async () => jobs.start());
  // The waiting rooms' admission ticker runs beside the job worker (tests tick it themselves).
  if (opts.startJobs) startTicker(app);

  return app;
}
