import type { AppDeps } from '../../deps.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import { renderApplePass } from './apple-pass.ts';
import { isPassAuthorized } from './passkit-auth.ts';
import { walletTicketById } from './ticket-documents.service.ts';
import * as repo from './wallet.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** The PassKit web service is on: Apple Wallet configured and an https APP_URL named in the passes. */
function appleService(deps: Deps, passTypeId: string) {
  const apple = deps.config.appleWallet;
  if (!apple?.webServiceUrl || passTypeId !== apple.passTypeId) throw notFound();
  return apple;
}

/** The pass's account once its `ApplePass` token checks out (401 otherwise, before any query). */
async function authorizedPass(deps: Deps, serial: string, authorization: string | undefined) {
  if (!isPassAuthorized(deps.config.authSecret, serial, authorization)) throw unauthenticated();
  const accountId = await repo.passAccount(deps.db, serial);
  if (!accountId) throw unauthenticated();
  return accountId;
}

export interface RegistrationRequest {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
}

/** POST …/registrations/{passType}/{serial}: the device gets pushes for the pass; answers whether it is new. */
export async function registerDevice(
  deps: Deps,
  r: RegistrationRequest,
  authorization: string | undefined,
  pushToken: string,
): Promise<boolean> {
  appleService(deps, r.passTypeIdentifier);
  const accountId = await authorizedPass(deps, r.serialNumber, authorization);
  return deps.db.transaction(async (tx) => {
    await repo.followPass(tx, accountId, r.serialNumber, false);
    return repo.register(tx, {
      accountId,
      attendeeId: r.serialNumber,
      deviceLibraryId: r.deviceLibraryIdentifier,
      pushToken,
    });
  });
}

/** DELETE …/registrations/{passType}/{serial}: the pass left the device. */
export async function unregisterDevice(
  deps: Deps,
  r: RegistrationRequest,
  authorization: string | undefined,
) {
  appleService(deps, r.passTypeIdentifier);
  const accountId = await authorizedPass(deps, r.serialNumber, authorization);
  await repo.unregister(deps.db, accountId, r.serialNumber, r.deviceLibraryIdentifier);
}

/**
 * GET …/devices/{device}/registrations/{passType}?passesUpdatedSince=tag: the device's passes changed
 * after that tag (all of them without one) and the newest tag; null when none did (204).
 */
export async function updatedPasses(
  deps: Deps,
  deviceLibraryId: string,
  passTypeId: string,
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  appleService(deps, passTypeId);
  const rows = await repo.updatedSerials(
    deps.db,
    deviceLibraryId,
    since === undefined ? null : Number(since),
  );
  if (rows.length === 0) return null;
  return {
    serialNumbers: rows.map((r) => r.serial),
    lastUpdated: String(Math.max(...rows.map((r) => r.tag))),
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GET …/passes/{passType}/{serial}: the pass as it is now, with when it last changed; `notModified` when
 * it did not change after `ifModifiedSince` (HTTP dates have whole seconds).
 */
export async function latestPass(
  deps: Deps,
  passTypeId: string,
  serial: string,
  authorization: string | undefined,
  ifModifiedSince: Date | null,
): Promise<{ lastModified: Date; body: Buffer | null }> {
  const apple = appleService(deps, passTypeId);
  const accountId = await authorizedPass(deps, serial, authorization);
  const lastModified = await repo.passContentAt(deps.db, accountId, serial);
  if (!lastModified) throw notFound();
  if (ifModifiedSince && seconds(lastModified) <= seconds(ifModifiedSince))
    return { lastModified, body: null };
  const found = await walletTicketById(deps, accountId, serial);
  if (!found) throw notFound();
  const body = await renderApplePass(apple, deps.config.authSecret, found.view, found.ticket, found.locale);
  return { lastModified, body };
}
