import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { authMessages as m } from './auth.messages.ts';

/** The e-mails of authentication, in the recipient's language, queued inside the caller's transaction. */
type Recipient = { email: string; first_name: string; locale: string };
type Kind = 'confirm' | 'reset' | 'invite' | 'change' | 'undo';

const keys = {
  confirm: [
    'mail.confirm.subject',
    'mail.confirm.heading',
    'mail.confirm.body',
    'mail.confirm.button',
    'mail.confirm.expiry',
  ],
  reset: [
    'mail.reset.subject',
    'mail.reset.heading',
    'mail.reset.body',
    'mail.reset.button',
    'mail.reset.expiry',
  ],
  invite: [
    'mail.invite.subject',
    'mail.invite.heading',
    'mail.invite.body',
    'mail.invite.button',
    'mail.invite.expiry',
  ],
  change: [
    'mail.change.subject',
    'mail.change.heading',
    'mail.change.body',
    'mail.change.button',
    'mail.change.expiry',
  ],
  undo: ['mail.undo.subject', 'mail.undo.heading', 'mail.undo.body', 'mail.undo.button', 'mail.undo.expiry'],
} as const satisfies Record<Kind, readonly (keyof typeof m)[]>;

export function linkPaths(token: string) {
  return {
    confirm: `/manage/profile/confirm-email-address/${token}`,
    reset: `/auth/reset-password/${token}`,
    invite: `/auth/accept-invitation/${token}`,
    change: `/manage/profile/confirm-email-change/${token}`,
    undo: `/auth/undo-email-change/${token}`,
  };
}

export async function sendAuthEmail(
  deps: Pick<AppDeps, 'jobs' | 'config'>,
  kind: Kind,
  to: Recipient & { address?: string },
  token: string,
  params: Record<string, string>,
  tx?: Queryable,
) {
  const locale: Locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE;
  const [subject, heading, body, button, expiry] = keys[kind];
  const all = { email: to.address ?? to.email, ...params };
  const role = params.role ? t(locale, `role.${params.role}`) : '';
  const p = { ...all, role };
  const url = `${deps.config.appUrl}${linkPaths(token)[kind]}`;
  const content = renderEmail({
    heading: t(locale, heading, p),
    paragraphs: [
      t(locale, m['mail.greeting'], { name: to.first_name }),
      t(locale, body, p),
      t(locale, expiry),
    ],
    button: { label: t(locale, button), url },
    footer: t(locale, m['mail.footer']),
  });
  await enqueueEmail(
    deps.jobs,
    { to: to.address ?? to.email, subject: t(locale, subject, p), ...content },
    tx,
  );
}
