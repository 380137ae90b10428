import { z } from 'zod';

/**
 * What Apple Wallet sends the PassKit web service (the server's `/api/passkit/v1/...`): Wallet's own
 * identifiers, so the limits are generous but bounded and the characters are those Apple uses.
 */
const identifier = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/);

export const passkitDeviceParams = z.object({
  deviceLibraryIdentifier: identifier,
  passTypeIdentifier: identifier,
});

export const passkitRegistrationParams = passkitDeviceParams.extend({ serialNumber: z.uuid() });

export const passkitPassParams = z.object({ passTypeIdentifier: identifier, serialNumber: z.uuid() });

export const passkitRegistrationBody = z.object({
  pushToken: z.string().regex(/^[A-Za-z0-9]{16,200}$/),
});

/** The tag a device got as `lastUpdated` (the server's tags are whole numbers). */
export const passkitUpdatedQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

export const passkitLogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });

export const passkitSerials = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
