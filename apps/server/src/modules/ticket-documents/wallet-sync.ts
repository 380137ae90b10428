import type { AppDeps } from '../../deps.ts';
import { pushPassUpdate } from './apns.ts';
import { googleWalletObjects } from './google-wallet.ts';
import { putWalletResource } from './google-wallet-api.ts';
import { walletTicketById } from './ticket-documents.service.ts';
import * as repo from './wallet.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

export const WALLET_SYNC_JOB = 'wallet.sync';
export const WALLET_APNS_JOB = 'wallet.apns';
export const WALLET_GOOGLE_JOB = 'wallet.google';
/** How often changed passes are looked for: the most a phone waits to hear of a change. */
export const WALLET_SYNC_EVERY_SECONDS = 10;
/** A push or an object update keeps being tried through an outage of up to a day. */
const RETRY = { forSeconds: 24 * 3600, firstDelaySeconds: 10, maxDelaySeconds: 1800 };

/**
 * Finds the followed passes whose data changed since the last run (one query over what they are made
 * of, so no module that changes a ticket, an order or an event has to say so), gives each a new tag and
 * queues, in the same transaction, a push to each device that registered it and the Google object's
 * update. Answers how many passes changed.
 */
export async function syncWalletPasses(deps: Deps): Promise<number> {
  const { appleWallet, googleWallet } = deps.config;
  return deps.db.transaction(async (tx) => {
    const changed = await repo.tagChangedPasses(tx);
    for (const pass of changed) {
      if (appleWallet) {
        for (const registrationId of pass.registration_ids) {
          await deps.jobs.enqueue(WALLET_APNS_JOB, { registrationId }, { tx });
        }
      }
      if (googleWallet && pass.google) {
        const payload = { accountId: pass.account_id, attendeeId: pass.attendee_id };
        await deps.jobs.enqueue(WALLET_GOOGLE_JOB, payload, { tx });
      }
    }
    return changed.length;
  });
}

/** Tells one registered device that its pass changed; a dead push token ends the registration. */
async function pushToDevice(deps: Deps, registrationId: string): Promise<void> {
  const apple = deps.config.appleWallet;
  const registration = await repo.registrationById(deps.db, registrationId);
  if (!apple || !registration) return;
  const result = await pushPassUpdate(apple, registration.push_token);
  if (result.outcome === 'UNREGISTERED') {
    await repo.deleteRegistration(deps.db, registration.account_id, registration.id);
  } else if (result.outcome === 'RETRY') {
    throw new Error(`APNs answered ${result.status}${result.reason ? ` ${result.reason}` : ''}`);
  }
}

/** Replaces the ticket's Google Wallet class and object with their current versions. */
async function updateGoogleObject(deps: Deps, accountId: string, attendeeId: string): Promise<void> {
  const google = deps.config.googleWallet;
  if (!google) return;
  const found = await walletTicketById(deps, accountId, attendeeId);
  if (!found) return;
  const { eventTicketClass, eventTicketObject } = googleWalletObjects(
    google,
    deps.config.appUrl,
    found.view,
    found.ticket,
    found.locale,
  );
  await putWalletResource(google, 'eventTicketClass', eventTicketClass);
  await putWalletResource(google, 'eventTicketObject', eventTicketObject);
}

/** The sync and its two kinds of jobs (app start-up), when a wallet is configured. */
export async function registerWalletJobs(deps: Deps): Promise<void> {
  if (!deps.config.appleWallet && !deps.config.googleWallet) return;
  deps.jobs.register(WALLET_APNS_JOB, (p) => pushToDevice(deps, String(p.registrationId)), {
    retry: RETRY,
    concurrency: 4,
  });
  deps.jobs.register(
    WALLET_GOOGLE_JOB,
    (p) => updateGoogleObject(deps, String(p.accountId), String(p.attendeeId)),
    { retry: RETRY, concurrency: 2 },
  );
  await deps.jobs.repeat(WALLET_SYNC_JOB, WALLET_SYNC_EVERY_SECONDS, async () => {
    await syncWalletPasses(deps);
  });
}
