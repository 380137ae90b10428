/**
 * E-mails in the organizer's words: per account and per event, for each kind of e-mail and language, a
 * subject, an opening text and a footer in plain text with `{placeholders}`. An event's text overrides the
 * account's, field by field, which overrides the built-in text. What the platform needs (QR codes, the
 * order's lines, the order link, the legal footer) is not part of a template and cannot be removed.
 */
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../enums.ts';

export const EMAIL_TEMPLATE_KINDS = [
  'CONFIRMATION',
  'TICKET',
  'OFFLINE_INSTRUCTIONS',
  'REFUND',
  'CANCELLED',
  'WAITLIST_OFFER',
  'WAITLIST_JOINED',
] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const EMAIL_TEMPLATE_FIELDS = ['subject', 'intro', 'footer'] as const;
export type EmailTemplateField = (typeof EMAIL_TEMPLATE_FIELDS)[number];

const COMMON = ['buyer_name', 'event_name', 'event_date', 'organizer_name'] as const;
const ORDER = [...COMMON, 'order_id', 'order_link'] as const;

/** The placeholders each kind fills (the ticket goes to its attendee, with a link to the ticket). */
export const EMAIL_TEMPLATE_PLACEHOLDERS = {
  CONFIRMATION: ORDER,
  TICKET: [...COMMON, 'attendee_name', 'order_id', 'ticket_link'],
  OFFLINE_INSTRUCTIONS: ORDER,
  REFUND: ORDER,
  CANCELLED: ORDER,
  WAITLIST_OFFER: ORDER,
  WAITLIST_JOINED: COMMON,
} as const satisfies Record<EmailTemplateKind, readonly string[]>;
export type EmailPlaceholder = (typeof EMAIL_TEMPLATE_PLACEHOLDERS)[EmailTemplateKind][number];

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_INTRO_MAX = 5000;
export const EMAIL_FOOTER_MAX = 1000;

/** What is wrong with a template text's braces, if anything: an unknown `{name}`, or a lone `{` or `}`. */
export type PlaceholderProblem = { kind: 'unknown'; name: string } | { kind: 'unbalanced' };

export function placeholderProblem(text: string, allowed: readonly string[]): PlaceholderProblem | null {
  let rest = text;
  for (const match of text.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] ?? '';
    if (!allowed.includes(name)) return { kind: 'unknown', name: `{${name}}` };
    rest = rest.replace(match[0], '');
  }
  return /[{}]/.test(rest) ? { kind: 'unbalanced' } : null;
}

/** An empty text means "not set" (the account's or the built-in text applies). */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => {
      // Plain text: line breaks kept, other control characters dropped.
      const clean = v
        ?.replace(/\r\n?/g, '\n')
        .replace(/[^\P{Cc}\n\t]/gu, '')
        .trim();
      return clean ? clean : null;
    });

/** The subject is one line. */
const subject = z
  .string()
  .max(EMAIL_SUBJECT_MAX)
  .regex(/^[^\r\n]*$/, { error: 'email_templates.subject_one_line' })
  .nullish()
  .transform((v) => v?.trim() || null);

/** PUT …/email-templates: one kind and language; the fields left empty fall back. */
export const emailTemplateInput = z.strictObject({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  locale: z.enum(SUPPORTED_LOCALES),
  subject,
  intro: text(EMAIL_INTRO_MAX),
  footer: text(EMAIL_FOOTER_MAX),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInput>;

/** One kind in one language. */
export const emailTemplateKey = z.strictObject({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  locale: z.enum(SUPPORTED_LOCALES),
});
export type EmailTemplateKey = z.infer<typeof emailTemplateKey>;

/**
 * DELETE …/email-templates?kind=&locale= («Restablecer»). Both are required, but checked after the
 * caller's permission, so a member without it hears 403 rather than what the query lacks.
 */
export const emailTemplateKeyQuery = emailTemplateKey.partial();
export type EmailTemplateKeyQuery = z.infer<typeof emailTemplateKeyQuery>;

/** POST …/email-templates/preview and …/test: the e-mail with the texts typed (not yet saved). */
export const emailPreviewInput = emailTemplateInput;
export type EmailPreviewInput = z.infer<typeof emailPreviewInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

const texts = {
  subject: z.string().nullable(),
  intro: z.string().nullable(),
  footer: z.string().nullable(),
};

export const emailTemplateSchema = z
  .object({
    kind: z.enum(EMAIL_TEMPLATE_KINDS),
    locale: z.enum(SUPPORTED_LOCALES),
    ...texts,
    /** For an event: the account's texts that apply where the event has none (null: the built-in text). */
    inherited: z.object(texts).nullable(),
    placeholders: z.array(z.string()),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailPreviewSchema = z
  .object({
    subject: z.string(),
    /** The e-mail's HTML with its inline images (the QR codes) as data: URLs, to show in a frame. */
    html: z.string(),
    text: z.string(),
  })
  .meta({ id: 'EmailPreview' });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const emailTestSentSchema = z.object({ to: z.string() }).meta({ id: 'EmailTestSent' });
