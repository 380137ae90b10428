import { type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import {
  EMAIL_TEMPLATE_FIELDS,
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKey,
  type EmailTemplateKeyQuery,
  type EmailTemplateKind,
  placeholderProblem,
} from '@taquilla/shared/schemas/email-templates';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { type FieldError, invalid } from '../../lib/errors.ts';
import { coreMessages } from '../../lib/messages.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { emailTemplatesMessages as m } from './email-templates.messages.ts';
import * as repo from './email-templates.repository.ts';

export type { TemplateTexts } from './email-templates.repository.ts';
/** The account's and event's templates as a column of the query that reads the event for its e-mails. */
export const templatesOfEventSql = repo.templatesOfEventSql;

type Texts = { subject: string | null; intro: string | null; footer: string | null };
const NONE: Texts = { subject: null, intro: null, footer: null };

/** The texts that apply to one kind and language: the event's, else the account's, field by field. */
export function templateTexts(
  rows: readonly repo.TemplateTexts[] | undefined,
  kind: EmailTemplateKind,
  locale: string,
): Texts {
  const of = (forEvent: boolean) =>
    rows?.find((r) => r.kind === kind && r.locale === locale && r.for_event === forEvent);
  const event = of(true);
  const account = of(false);
  if (!event && !account) return NONE;
  return {
    subject: event?.subject ?? account?.subject ?? null,
    intro: event?.intro ?? account?.intro ?? null,
    footer: event?.footer ?? account?.footer ?? null,
  };
}

/** `{name}` → its value (the texts were checked when saved: every name is one the kind fills). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The organizer's texts for one e-mail, placeholders filled; null where the built-in text stays. The
 * e-mail layout escapes them (they are plain text), so nothing typed becomes markup.
 */
export function customTexts(
  rows: readonly repo.TemplateTexts[] | undefined,
  kind: EmailTemplateKind,
  locale: string,
  values: Readonly<Record<string, string>>,
): Texts {
  const texts = templateTexts(rows, kind, locale);
  const fill = (text: string | null) => (text === null ? null : fillPlaceholders(text, values));
  return { subject: fill(texts.subject), intro: fill(texts.intro), footer: fill(texts.footer) };
}

/** A 422 naming the first field whose braces are wrong, and the placeholder at fault. */
export function assertPlaceholders(input: EmailTemplateInput) {
  const allowed = EMAIL_TEMPLATE_PLACEHOLDERS[input.kind];
  const fields: Record<string, FieldError> = {};
  for (const field of EMAIL_TEMPLATE_FIELDS) {
    const problem = placeholderProblem(input[field] ?? '', allowed);
    if (!problem) continue;
    fields[field] =
      problem.kind === 'unknown'
        ? {
            key: m['email_templates.unknown_placeholder'],
            params: { name: problem.name, allowed: allowed.map((p) => `{${p}}`).join(', ') },
          }
        : {
            key: m['email_templates.unbalanced_brace'],
            params: { example: `{${allowed[1] ?? allowed[0]}}` },
          };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

type Row = Awaited<ReturnType<typeof repo.loadEventTemplates>>[number];

/** Every kind in every language (the ones never written too), with the account's texts under an event's. */
function present(rows: Row[], forEvent: boolean): EmailTemplate[] {
  const find = (kind: EmailTemplateKind, locale: Locale, own: boolean) =>
    rows.find((r) => r.kind === kind && r.locale === locale && r.for_event === own);
  return EMAIL_TEMPLATE_KINDS.flatMap((kind) =>
    SUPPORTED_LOCALES.map((locale) => {
      const row = find(kind, locale, forEvent);
      const account = forEvent ? find(kind, locale, false) : undefined;
      return {
        kind,
        locale,
        subject: row?.subject ?? null,
        intro: row?.intro ?? null,
        footer: row?.footer ?? null,
        inherited: account
          ? { subject: account.subject, intro: account.intro, footer: account.footer }
          : null,
        placeholders: [...EMAIL_TEMPLATE_PLACEHOLDERS[kind]],
        updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
      };
    }),
  );
}

/**
 * Whose texts: the account's (`eventId` null: `account:manage`) or one of its events' (`events:read` to
 * read, `events:manage` to change; another account's event, or one outside the caller's organizers, 404).
 */
async function assertOwner({ db }: DbDeps, auth: AuthContext, eventId: string | null, write: boolean) {
  if (eventId === null) {
    assertCan(auth, 'account:manage');
    return;
  }
  assertCan(auth, write ? 'events:manage' : 'events:read');
  await loadOwnedEvent(db, auth, eventId);
}

/** Every kind in every language, or only the kind and/or language asked for. */
export async function listTemplates(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string | null,
  only: EmailTemplateKeyQuery = {},
) {
  await assertOwner(deps, auth, eventId, false);
  const all = present(await repo.loadEventTemplates(deps.db, auth.accountId, eventId), eventId !== null);
  return all.filter(
    (x) => (!only.kind || x.kind === only.kind) && (!only.locale || x.locale === only.locale),
  );
}

/** Saves one kind and language; with every field empty it is the same as «Restablecer». */
export async function saveTemplate(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string | null,
  input: EmailTemplateInput,
) {
  await assertOwner(deps, auth, eventId, true);
  assertPlaceholders(input);
  if (input.subject === null && input.intro === null && input.footer === null) {
    await repo.deleteTemplate(deps.db, auth.accountId, eventId, input.kind, input.locale);
  } else {
    await repo.upsertTemplate(deps.db, {
      account_id: auth.accountId,
      event_id: eventId,
      kind: input.kind,
      locale: input.locale,
      subject: input.subject,
      intro: input.intro,
      footer: input.footer,
      updated_by: auth.apiKey ? null : auth.userId,
    });
  }
  return one(await listTemplates(deps, auth, eventId), input);
}

export async function resetTemplate(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string | null,
  query: EmailTemplateKeyQuery,
) {
  await assertOwner(deps, auth, eventId, true);
  const key = requireKey(query);
  await repo.deleteTemplate(deps.db, auth.accountId, eventId, key.kind, key.locale);
  return one(await listTemplates(deps, auth, eventId), key);
}

function requireKey(query: EmailTemplateKeyQuery): EmailTemplateKey {
  const { kind, locale } = query;
  if (kind && locale) return { kind, locale };
  const required = coreMessages['validation.required'];
  throw invalid({ ...(kind ? {} : { kind: required }), ...(locale ? {} : { locale: required }) });
}

const one = (list: EmailTemplate[], key: EmailTemplateKey) =>
  list.find((t) => t.kind === key.kind && t.locale === key.locale) as EmailTemplate;

/** The saved rows of the account and, when given, the event's: what a preview starts from. */
export async function savedTemplates(deps: DbDeps, auth: AuthContext, eventId: string | null) {
  await assertOwner(deps, auth, eventId, true);
  const rows = await repo.loadEventTemplates(deps.db, auth.accountId, eventId);
  return rows.map(({ updated_at, ...texts }) => texts);
}

/** The rows of one event's e-mails in one query (callers that read the event without them). */
export async function eventTemplates(q: DbDeps['db'], accountId: string, eventId: string) {
  const rows = await repo.loadEventTemplates(q, accountId, eventId);
  return rows.map(({ updated_at, ...texts }) => texts);
}
