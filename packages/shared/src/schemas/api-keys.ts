import { z } from 'zod';

/**
 * API keys: account-scoped bearer credentials for other systems. READ_ONLY reads what an admin reads,
 * FULL acts as an admin (except people and keys), DOOR reads events, attendees and check-in lists.
 */
export const API_KEY_PERMISSIONS = ['READ_ONLY', 'FULL', 'DOOR'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
/** Every key starts with this, so the auth hook (and secret scanners) tell it from a session token. */
export const API_KEY_PREFIX = 'tqk_';

export const createApiKeySchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  permission: z.enum(API_KEY_PERMISSIONS),
  expires_at: z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullish(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    permission: z.enum(API_KEY_PERMISSIONS),
    /** The first characters of the key, to recognise it. */
    prefix: z.string(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    created_at: z.string(),
    status: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyWithSecretSchema = apiKeySchema
  .extend({ key: z.string() })
  .meta({ id: 'ApiKeyWithSecret' });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;
