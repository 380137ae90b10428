import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The only reader of process.env. A bad value stops start-up with a message naming the variable.
 * REPO_ROOT: the folder holding apps/ (the same from the TypeScript sources and from the built dist/).
 */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps', 'server', 'package.json'))) return dir;
  }
  return path.resolve(start, '../../..');
}

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** What TRUST_PROXY resolves to: no proxy, a number of proxy hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** An IPv4/IPv6 address or CIDR, or one of proxy-addr's names for address ranges. */
const PROXY_ADDRESS = /^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A statement running longer is cancelled (PostgreSQL statement_timeout; the driver gives up 2 s later). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Opening a connection, or waiting for a free one in the pool, fails after this long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Repeated queries run as named prepared statements; off for a PgBouncer in transaction mode before 1.21. */
  DATABASE_PREPARED_STATEMENTS: bool,
  /** A job (e-mail) claimed by a process that died is taken up again after this long. */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Completed jobs are deleted after this many days (failed ones are kept). */
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** A request still unanswered after this long gets a 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Load shedding of the expensive routes (reservation, payment), per process: how many run at once (0:
   * no limit; default twice DATABASE_POOL_SIZE), and how long the others may wait for their turn before
   * they are answered 503 with Retry-After (at once when the wait is expected to be longer).
   */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).optional(),
  OVERLOAD_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** HTTP worker processes (node:cluster) sharing the port; each has its own pool of DATABASE_POOL_SIZE. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().min(1).default('data'),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Taquilla <no-reply@taquilla.local>'),
  /** E-mails one process sends at once (and SMTP connections it keeps open). */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_URL: z.string().url().optional(),
  /** Signing secret of the Connect webhook endpoint (events of connected accounts); defaults to STRIPE_WEBHOOK_SECRET. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** The installation's fee on payments through a connected account: a percentage and/or fixed cents. */
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).optional(),
  STRIPE_PLATFORM_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Simulated card payments; in production only when set to true (it sells without taking money). */
  TEST_PAYMENTS: bool,
  /** A payment still pending this long after it started is asked of its provider (no webhook came). */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Test builds only: checkout takes no row locks and counts before it writes, so a test can show the race. */
  CHECKOUT_UNSAFE_NO_LOCKS: bool,
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Behind a reverse proxy, which X-Forwarded-For entries to believe: `true` (one proxy), a number of proxy
   * hops, or the proxies' addresses/CIDRs (comma list). Never "trust every hop": a client would pick its own
   * address by sending the header itself.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v, ctx): TrustProxy => {
      if (v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops <= 32) return hops;
      } else {
        const proxies = v.split(',').map((a) => a.trim());
        if (proxies.every((a) => PROXY_ADDRESS.test(a))) return proxies;
      }
      ctx.addIssue({
        code: 'custom',
        message: "use true (one proxy), a number of proxy hops (1-32) or the proxies' addresses (comma list)",
      });
      return z.NEVER;
    })
    .optional(),
  /**
   * Rate-limit counters and the waiting rooms' lines in Redis instead of PostgreSQL (both are shared by
   * every process and host).
   */
  REDIS_URL: z.string().url().optional(),
  /** What the waiting rooms' Redis keys start with (one Redis may serve several installations). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'letters, digits and _ : . - (at most 64)')
    .default('taquilla:'),
  /** Reservations one address may make per minute, per event. */
  RESERVATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Units one address may hold in live reservations of one event (a first reservation may be as large as
   * the tickets allow): one connection cannot sit on an event's stock by reserving again and again.
   */
  RESERVATION_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** New places one address may take in one event's waiting room per minute (a device keeps its place for free). */
  WAITING_ROOM_JOINS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Door requests (scans or upload batches) per minute from one address to one check-in list. */
  DOOR_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Webhooks may go to loopback, private and link-local addresses (a self-hosted install on a LAN). */
  WEBHOOKS_ALLOW_PRIVATE: bool,
  /** Requests one API key may make per minute. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(360),
  /**
   * Apple Wallet passes: the Pass Type ID and Team ID of the installation's Apple developer account, its
   * pass certificate and key, the key's passphrase, and Apple's WWDR intermediate certificate. The PEM
   * variables take the PEM text itself or a file path. Without all of them no pass is offered.
   */
  APPLE_WALLET_PASS_TYPE_ID: z.string().trim().min(1).max(200).optional(),
  APPLE_WALLET_TEAM_ID: z.string().trim().min(1).max(20).optional(),
  APPLE_WALLET_CERT: z.string().min(1).optional(),
  APPLE_WALLET_KEY: z.string().min(1).optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR: z.string().min(1).optional(),
  /** Where pass updates are pushed (HTTP/2); another host only for a stand-in. */
  APPLE_WALLET_APNS_URL: z.string().url().default('https://api.push.apple.com'),
  /** A CA to trust for that host besides the system's (a private stand-in); PEM text or a file path. */
  APPLE_WALLET_APNS_CA: z.string().min(1).optional(),
  /**
   * Google Wallet: the issuer id of the Google Pay & Wallet console, and a service account's e-mail and
   * private key (PEM text, a file path, or the JSON key file's path). Without them no link is offered.
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'the numeric issuer id')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.string().trim().email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().min(1).optional(),
  GOOGLE_WALLET_API_URL: z.string().url().default('https://walletobjects.googleapis.com'),
  GOOGLE_WALLET_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: repeated queries as named prepared statements. */
  databasePreparedStatements: boolean;
  requestTimeoutMs: number;
  /** Load shedding of the routes with `config.overload` (lib/overload.ts); maxInFlight 0: off. */
  overload: { maxInFlight: number; maxWaitMs: number };
  jobLockSeconds: number;
  jobRetentionDays: number;
  webConcurrency: number;
  dataDir: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  mailConcurrency: number;
  authSecret: string;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    apiUrl?: string;
    connectWebhookSecret?: string;
    platformFee: { percent: number; fixedCents: number } | null;
  };
  testPayments: boolean;
  /** Payments still PENDING this many minutes after they started are reconciled with their provider. */
  paymentReconcileAfterMinutes: number;
  checkoutUnsafeNoLocks: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  redisUrl?: string;
  waitingRoomQueue: { store: 'postgres' } | { store: 'redis'; url: string; keyPrefix: string };
  reservationsPerMinute: number;
  reservationUnitsPerAddress: number;
  publicCacheTtlMs: number;
  waitingRoomJoinsPerMinute: number;
  doorRequestsPerMinute: number;
  /** Webhooks may reach private and loopback addresses (off: only public ones). */
  webhooksAllowPrivate: boolean;
  apiKeyRequestsPerMinute: number;
  /** Apple Wallet's signing material; null: passes are not offered. */
  appleWallet: AppleWalletConfig | null;
  /** Google Wallet's service account; null: the save link is not offered. */
  googleWallet: GoogleWalletConfig | null;
  webDistDir: string;
  /** The server build of the public event page (`vite build --ssr`): ssr/dist beside the web app's dist. */
  webSsrDir: string;
};

export class ConfigError extends Error {}

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM texts. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** The PassKit web service passes name (`APP_URL` + `/api/public/passkit`); null when APP_URL is not https. */
  webServiceUrl: string | null;
  apnsUrl: string;
  apnsCa?: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM. */
  privateKey: string;
  apiUrl: string;
  tokenUrl: string;
}

/** PEM text given inline (`\\n` escapes allowed, as one-line variables need) or as a file path. */
function pemOf(name: string, value: string): string {
  const inline = value.replace(/\\n/g, '\n');
  if (inline.includes('-----BEGIN')) return inline;
  try {
    return readFileSync(path.resolve(REPO_ROOT, value), 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: neither PEM text nor a readable file`);
  }
}

/** All of a group's variables, or none: a half-configured wallet is a mistake to say at start-up. */
function allOrNone(group: Record<string, string | undefined>): boolean {
  const missing = Object.entries(group).filter(([, v]) => v === undefined);
  if (missing.length === 0) return true;
  if (missing.length === Object.keys(group).length) return false;
  throw new ConfigError(
    `Invalid configuration:\n  ${missing.map(([k]) => k).join(', ')}: required with ${Object.keys(group)
      .filter((k) => group[k] !== undefined)
      .join(', ')}`,
  );
}

function appleWalletOf(e: z.infer<typeof envSchema>, appUrl: string): AppleWalletConfig | null {
  const group = {
    APPLE_WALLET_PASS_TYPE_ID: e.APPLE_WALLET_PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: e.APPLE_WALLET_TEAM_ID,
    APPLE_WALLET_CERT: e.APPLE_WALLET_CERT,
    APPLE_WALLET_KEY: e.APPLE_WALLET_KEY,
    APPLE_WALLET_WWDR: e.APPLE_WALLET_WWDR,
  };
  if (!allOrNone(group)) return null;
  return {
    passTypeId: e.APPLE_WALLET_PASS_TYPE_ID ?? '',
    teamId: e.APPLE_WALLET_TEAM_ID ?? '',
    signerCert: pemOf('APPLE_WALLET_CERT', e.APPLE_WALLET_CERT ?? ''),
    signerKey: pemOf('APPLE_WALLET_KEY', e.APPLE_WALLET_KEY ?? ''),
    ...(e.APPLE_WALLET_KEY_PASSPHRASE ? { signerKeyPassphrase: e.APPLE_WALLET_KEY_PASSPHRASE } : {}),
    wwdr: pemOf('APPLE_WALLET_WWDR', e.APPLE_WALLET_WWDR ?? ''),
    // Wallet calls only an https web service.
    webServiceUrl: appUrl.startsWith('https://') ? `${appUrl}/api/public/passkit` : null,
    apnsUrl: e.APPLE_WALLET_APNS_URL.replace(/\/$/, ''),
    ...(e.APPLE_WALLET_APNS_CA ? { apnsCa: pemOf('APPLE_WALLET_APNS_CA', e.APPLE_WALLET_APNS_CA) } : {}),
  };
}

function googleWalletOf(e: z.infer<typeof envSchema>): GoogleWalletConfig | null {
  const group = {
    GOOGLE_WALLET_ISSUER_ID: e.GOOGLE_WALLET_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: e.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
    GOOGLE_WALLET_PRIVATE_KEY: e.GOOGLE_WALLET_PRIVATE_KEY,
  };
  if (!allOrNone(group)) return null;
  let key = pemOf('GOOGLE_WALLET_PRIVATE_KEY', e.GOOGLE_WALLET_PRIVATE_KEY ?? '');
  // The service account's JSON key file holds the PEM in its private_key field.
  if (key.trimStart().startsWith('{')) {
    key = String((JSON.parse(key) as { private_key?: unknown }).private_key ?? '');
  }
  let privateKey: string;
  try {
    privateKey = createPrivateKey(key).export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_WALLET_PRIVATE_KEY: not a readable RSA private key',
    );
  }
  return {
    issuerId: e.GOOGLE_WALLET_ISSUER_ID ?? '',
    serviceAccountEmail: e.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL ?? '',
    privateKey,
    apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/$/, ''),
    tokenUrl: e.GOOGLE_WALLET_TOKEN_URL,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (compose files pass `${SMTP_URL:-}` that way).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const webDistDir = e.WEB_DIST_DIR
    ? path.resolve(REPO_ROOT, e.WEB_DIST_DIR)
    : path.join(REPO_ROOT, 'apps/web/dist');
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  if (production && e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in production (NODE_ENV=production with DATABASE_URL)',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    overload: {
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT ?? 2 * e.DATABASE_POOL_SIZE,
      maxWaitMs: e.OVERLOAD_QUEUE_WAIT_MS,
    },
    jobLockSeconds: e.JOB_LOCK_SECONDS,
    jobRetentionDays: e.JOB_RETENTION_DAYS,
    webConcurrency: e.WEB_CONCURRENCY,
    dataDir,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailConcurrency: e.MAIL_CONCURRENCY,
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? e.STRIPE_WEBHOOK_SECRET,
      platformFee:
        e.STRIPE_PLATFORM_FEE_PERCENT || e.STRIPE_PLATFORM_FEE_FIXED_CENTS
          ? {
              percent: e.STRIPE_PLATFORM_FEE_PERCENT ?? 0,
              fixedCents: e.STRIPE_PLATFORM_FEE_FIXED_CENTS ?? 0,
            }
          : null,
    },
    // Simulated card payments: on by default only in the embedded (no DATABASE_URL) mode outside
    // production; in production only when TEST_PAYMENTS=true is set (and start-up warns).
    testPayments: e.TEST_PAYMENTS ?? (!production && !e.DATABASE_URL),
    paymentReconcileAfterMinutes: e.PAYMENT_RECONCILE_AFTER_MINUTES,
    checkoutUnsafeNoLocks: e.NODE_ENV === 'test' && (e.CHECKOUT_UNSAFE_NO_LOCKS ?? false),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL,
    // Where the waiting rooms' lines live: Redis when REDIS_URL is set, else the database.
    waitingRoomQueue: e.REDIS_URL
      ? { store: 'redis', url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX }
      : { store: 'postgres' },
    reservationsPerMinute: e.RESERVATIONS_PER_MINUTE,
    reservationUnitsPerAddress: e.RESERVATION_UNITS_PER_ADDRESS,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    waitingRoomJoinsPerMinute: e.WAITING_ROOM_JOINS_PER_MINUTE,
    doorRequestsPerMinute: e.DOOR_REQUESTS_PER_MINUTE,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    appleWallet: appleWalletOf(e, appUrl),
    googleWallet: googleWalletOf(e),
    webDistDir,
    webSsrDir: path.join(path.dirname(webDistDir), 'ssr', 'dist'),
  };
}

/** What start-up must shout about: settings that are allowed but dangerous where they are. */
export function configWarnings(config: Config): string[] {
  return config.env === 'production' && config.testPayments
    ? [
        'TEST_PAYMENTS is on in production: buyers can complete real orders with the test card 4242 4242 4242 4242 without paying. Unset TEST_PAYMENTS unless this installation only sells for testing.',
      ]
    : [];
}

/** A signing secret generated on first start and kept in DATA_DIR, so sessions survive a restart. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
