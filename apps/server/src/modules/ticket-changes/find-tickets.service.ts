import type { Locale } from '@taquilla/shared';
import type { FindTicketsInput, FoundOrder } from '@taquilla/shared/schemas/ticket-changes';
import type { AppDeps } from '../../deps.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { orderInvoicesForBuyer } from '../invoices/invoices.service.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { ticketChangesMessages as m } from './ticket-changes.messages.ts';
import * as repo from './ticket-changes.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/** How long a "find my tickets" link works (it also works only once). */
export const LOOKUP_TTL_MS = 30 * 60_000;

/**
 * «¿Has perdido tus entradas?»: a link to the tickets bought with this address from the event's organizer,
 * e-mailed in the request's language. It goes out whether or not the address bought anything, so the
 * answer (and the work done) is the same either way: the page it opens says what there is.
 */
export async function requestLookup(deps: Deps, eventId: string, input: FindTicketsInput, locale: Locale) {
  const event = await repo.findPublicEvent(deps.db, eventId);
  if (!event) throw notFound();
  const { token, hash } = newSecretToken();
  await deps.db.transaction(async (tx) => {
    await repo.insertLookupToken(tx, {
      account_id: event.account_id,
      organizer_id: event.organizer_id,
      event_id: event.id,
      email: input.email,
      token_hash: hash,
      expires_at: new Date(Date.now() + LOOKUP_TTL_MS),
    });
    const vars = { organizer: event.organizer_name };
    await enqueueEmail(
      deps.jobs,
      {
        to: input.email,
        subject: t(locale, m['ticket_changes.find_email_subject'], vars),
        ...renderEmail({
          lang: locale,
          heading: t(locale, m['ticket_changes.find_email_heading']),
          paragraphs: [
            t(locale, m['ticket_changes.find_email_intro'], vars),
            t(locale, m['ticket_changes.find_email_ignore']),
          ],
          button: {
            label: t(locale, m['ticket_changes.find_email_button']),
            url: `${deps.config.appUrl}/find-tickets/${event.id}/${token}?lang=${locale}`,
          },
          footer: event.organizer_name,
        }),
      },
      tx,
      { accountId: event.account_id, eventId: event.id, kind: 'FIND_TICKETS' },
    );
  });
  return { message: t(locale, m['ticket_changes.find_sent']) };
}

/** Opens a link (once): every order and ticket bought with its address from its organizer. */
export async function openLookup(deps: Deps, token: string): Promise<FoundOrder[]> {
  const link = await repo.consumeLookupToken(deps.db, hashToken(token));
  if (!link) throw new AppError(404, 'LINK_EXPIRED', m['ticket_changes.find_link_invalid']);
  const orders = await repo.ordersByEmail(
    deps.db,
    { accountId: link.account_id, organizerId: link.organizer_id, email: link.email },
    SOLD_ORDERS,
  );
  const tickets = await repo.ticketsOfOrders(
    deps.db,
    link.account_id,
    orders.map((o) => o.id),
  );
  const app = deps.config.appUrl;
  return Promise.all(
    orders.map(async (o) => ({
      short_id: o.short_id,
      event_id: o.event_id,
      event_name: o.event_name,
      event_start: o.event_start.toISOString(),
      event_timezone: o.event_timezone,
      status: o.status,
      created_at: o.created_at.toISOString(),
      order_url: `${app}/checkout/${o.event_id}/${o.short_id}/summary`,
      invoice_urls: (await orderInvoicesForBuyer(deps.db, o)).map((i) => `${app}${i.pdf_url}`),
      tickets: tickets
        .filter((a) => a.order_id === o.id)
        .map((a) => ({
          short_id: a.short_id,
          name: `${a.first_name} ${a.last_name}`.trim(),
          ticket_name: a.ticket_name,
          ticket_url: `${app}/ticket/${o.event_id}/${a.short_id}`,
        })),
    })),
  );
}
