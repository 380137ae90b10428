import type { AppDeps } from '../../deps.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import type { JobInfo, RetryPolicy } from '../../lib/jobs.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { postWebhook } from './outbound.ts';
import { signedHeaders } from './signing.ts';
import { webhookMessages as m } from './webhooks.messages.ts';
import * as repo from './webhooks.repository.ts';

/** Tried again with a delay doubling from 5 s up to 6 h, for 3 days; then the delivery is FAILED. */
export const DELIVERY_RETRY = {
  forSeconds: 3 * 24 * 3600,
  firstDelaySeconds: 5,
  maxDelaySeconds: 6 * 3600,
} satisfies RetryPolicy;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Read at most this much of an answer; the log keeps the first EXCERPT_CHARS characters. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const EXCERPT_CHARS = 1000;
/** Failed attempts in a row (any message) that pause an endpoint and tell the admins. */
export const PAUSE_AFTER_FAILURES = 20;

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

class DeliveryFailed extends Error {}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(endpoint: repo.EndpointRow, now = new Date()): string[] {
  const overlap =
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now;
  return overlap && endpoint.previous_secret
    ? [endpoint.secret, endpoint.previous_secret]
    : [endpoint.secret];
}

/**
 * The `webhooks.deliver` job: one attempt at one message. 2xx: delivered. 410 Gone: the endpoint is
 * disabled and the message not retried. Anything else (another status, a time-out, a refused address):
 * the attempt is logged and the job throws, so the queue tries again (DELIVERY_RETRY); the endpoint's
 * failures in a row grow, and at PAUSE_AFTER_FAILURES it is paused and its admins are e-mailed.
 */
export async function deliver(deps: Deps, deliveryId: string, job: JobInfo): Promise<void> {
  const row = await repo.deliveryWithEndpoint(deps.db, deliveryId);
  if (!row) return; // the endpoint (and its log) was deleted
  const { delivery, endpoint } = row;
  if (delivery.status === 'SUCCEEDED') return;
  if (endpoint.status !== 'ACTIVE') {
    await repo.markDelivery(deps.db, delivery, 'FAILED', `endpoint ${endpoint.status.toLowerCase()}`);
    return;
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    ...signedHeaders(signingSecrets(endpoint), delivery.message_id, timestamp, delivery.body),
    'user-agent': 'Taquilla-Webhooks/1',
  };
  const result = await postWebhook(endpoint.url, headers, delivery.body, {
    allowPrivate: deps.config.webhooksAllowPrivate,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const givingUp = Date.now() - job.createdAt.getTime() >= DELIVERY_RETRY.forSeconds * 1000;
  await repo.recordAttempt(deps.db, delivery, {
    status: ok ? 'SUCCEEDED' : gone || givingUp ? 'FAILED' : 'PENDING',
    response_status: result.status,
    response_excerpt: result.status === null ? null : result.body.slice(0, EXCERPT_CHARS),
    error: ok ? null : (result.error ?? `HTTP ${result.status}`),
    duration_ms: result.durationMs,
    delivered_at: ok ? new Date() : null,
  });
  if (ok) return repo.resetFailures(deps.db, endpoint);
  if (gone) {
    await repo.leaveActive(deps.db, endpoint, 'DISABLED', 'GONE');
    return;
  }
  const { failures } = await repo.countFailure(deps.db, endpoint);
  if (failures >= PAUSE_AFTER_FAILURES) await pauseFailing(deps, endpoint, failures);
  throw new DeliveryFailed(result.error ?? `HTTP ${result.status}`);
}

/** Pauses an endpoint that keeps failing and tells the account's admins, once (only the attempt that paused it). */
async function pauseFailing(deps: Deps, endpoint: repo.EndpointRow, failures: number) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.leaveActive(tx, endpoint, 'PAUSED', 'FAILING'))) return;
    for (const admin of await repo.accountAdmins(tx, endpoint.account_id)) {
      const locale = isLocale(admin.locale) ? admin.locale : 'es';
      const params = { url: endpoint.url, failures };
      const content = renderEmail({
        heading: t(locale, m['webhooks.paused_heading']),
        paragraphs: [t(locale, m['webhooks.paused_body'], params)],
        button: {
          label: t(locale, m['webhooks.paused_button']),
          url: `${deps.config.appUrl}/account/webhooks`,
        },
        footer: t(locale, m['webhooks.mail_footer']),
        lang: locale,
      });
      await enqueueEmail(
        deps.jobs,
        { to: admin.email, subject: t(locale, m['webhooks.paused_subject'], params), ...content },
        tx,
        { key: `webhook-paused.${endpoint.id}.${Date.now()}`, accountId: endpoint.account_id },
      );
    }
  });
}
