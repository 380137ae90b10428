import type { EmailTemplateKind } from '@taquilla/shared/schemas/email-templates';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** A template as the e-mails read it: whose it is (the event's or the account's) and its texts. */
export interface TemplateTexts {
  kind: EmailTemplateKind;
  locale: string;
  for_event: boolean;
  subject: string | null;
  intro: string | null;
  footer: string | null;
}

/**
 * The account's and the event's templates, every kind and language, as a JSON array: a column of the query
 * that already reads the event for its e-mails, so an order's e-mails cost no extra round trip (an index
 * probe that finds nothing when the account has none).
 */
export const templatesOfEventSql = (accountId: SQL, eventId: SQL) => sql<TemplateTexts[]>`(
  select coalesce(json_agg(json_build_object(
    'kind', et.kind, 'locale', et.locale, 'for_event', et.event_id is not null,
    'subject', et.subject, 'intro', et.intro, 'footer', et.footer)), '[]'::json)
  from email_templates et
  where et.account_id = ${accountId} and (et.event_id is null or et.event_id = ${eventId}))`;

/** The same as one query of its own (a caller that read the event without them). */
export async function loadEventTemplates(q: Queryable, accountId: string, eventId: string | null) {
  return q
    .select({
      kind: emailTemplates.kind,
      locale: emailTemplates.locale,
      for_event: sql<boolean>`${emailTemplates.event_id} is not null`,
      subject: emailTemplates.subject,
      intro: emailTemplates.intro,
      footer: emailTemplates.footer,
      updated_at: emailTemplates.updated_at,
    })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.account_id, accountId),
        eventId
          ? or(isNull(emailTemplates.event_id), eq(emailTemplates.event_id, eventId))
          : isNull(emailTemplates.event_id),
      ),
    );
}

const ownerIs = (eventId: string | null) =>
  eventId ? eq(emailTemplates.event_id, eventId) : isNull(emailTemplates.event_id);

export async function upsertTemplate(
  q: Queryable,
  row: Pick<
    EmailTemplateRow,
    'account_id' | 'event_id' | 'kind' | 'locale' | 'subject' | 'intro' | 'footer' | 'updated_by'
  >,
) {
  const texts = { subject: row.subject, intro: row.intro, footer: row.footer, updated_by: row.updated_by };
  const [saved] = await q
    .insert(emailTemplates)
    .values(row)
    .onConflictDoUpdate(
      row.event_id
        ? {
            target: [emailTemplates.event_id, emailTemplates.kind, emailTemplates.locale],
            targetWhere: sql`${emailTemplates.event_id} is not null`,
            set: { ...texts, updated_at: new Date() },
          }
        : {
            target: [emailTemplates.account_id, emailTemplates.kind, emailTemplates.locale],
            targetWhere: sql`${emailTemplates.event_id} is null`,
            set: { ...texts, updated_at: new Date() },
          },
    )
    .returning();
  return saved;
}

export async function deleteTemplate(
  q: Queryable,
  accountId: string,
  eventId: string | null,
  kind: EmailTemplateKind,
  locale: string,
) {
  await q
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.account_id, accountId),
        ownerIs(eventId),
        eq(emailTemplates.kind, kind),
        eq(emailTemplates.locale, locale),
      ),
    );
}
