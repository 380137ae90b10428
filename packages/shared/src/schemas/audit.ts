import { z } from 'zod';

/**
 * The audit trail of an account: who changed what, when and from where. The action codes are stable (the
 * web translates them); each names the kind of thing changed and what happened to it.
 */
export const AUDIT_ACTIONS = [
  'payment_settings.updated',
  'event.payment_settings_updated',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'member.reactivated',
  'member.invitation_revoked',
  'member.organizers_changed',
  'order.refunded',
  'order.cancelled',
  'order.created_manually',
  'orders.exported',
  'attendees.exported',
  'event.published',
  'event.unpublished',
  'event.archived',
  'event.restored',
  'event.deleted',
  'check_in_list.link_created',
  'check_in_list.link_rotated',
  'check_in_list.link_deleted',
  'account.two_factor_required',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'audit.exported',
  'audit.retention_changed',
  'personal_data.exported',
  'waiting_room.updated',
  'personal_data.erased',
  'personal_data.retention_applied',
  'privacy.retention_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a value became: `before` and `after` of one field (absent: the field did not exist on that side). */
export const auditChangeSchema = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Secret values are never stored: they read as this. */
export const AUDIT_REDACTED = '[redacted]';

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      /** USER: a member signed in; API_KEY: a call with an API key; SYSTEM: a job or a provider's webhook. */
      type: z.enum(['USER', 'API_KEY', 'SYSTEM']),
      user_id: z.string().nullable(),
      api_key_id: z.string().nullable(),
      /** As they were when the change was made (a member renamed or removed later still reads as then). */
      name: z.string().nullable(),
      email: z.string().nullable(),
    }),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    /** What the target was called then (an event's or member's name, an order's number). */
    target_label: z.string().nullable(),
    event_id: z.string().nullable(),
    organizer_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    changes: z.record(z.string(), auditChangeSchema),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

export const auditSettingsSchema = z
  .object({
    /** Entries older than this many days are deleted by a daily job. */
    retention_days: z.number().int(),
  })
  .meta({ id: 'AuditSettings' });
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

export const updateAuditSettingsSchema = z.strictObject({
  retention_days: z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(AUDIT_RETENTION_MAX_DAYS),
});
export type UpdateAuditSettingsInput = z.infer<typeof updateAuditSettingsSchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
