import { formatMoney, type Locale } from '@taquilla/shared';
import { renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import type { OrderEmailContext } from '../orders/order-emails.ts';
import { ordersMessages as m } from '../orders/orders.messages.ts';

/** The e-mails of what an organizer does after the sale (cancel, refund), in the order's language. */
function queueNotice(
  ctx: OrderEmailContext,
  keys: { subject: string; heading: string; intro: string },
  params: Record<string, string>,
) {
  const { order, event } = ctx;
  if (!order.email) return;
  const locale: Locale = isLocale(order.locale) ? order.locale : 'es';
  const all = { name: order.first_name ?? '', order: order.short_id, event: event.name, ...params };
  const content = renderEmail({
    heading: t(locale, keys.heading),
    paragraphs: [t(locale, keys.intro, all)],
    footer: t(locale, m['orders.email_footer'], { organizer: event.organizer_name }),
  });
  return enqueueEmail(
    ctx.jobs,
    { to: order.email, subject: t(locale, keys.subject, all), ...content },
    ctx.tx,
  );
}

export async function queueCancelledEmail(ctx: OrderEmailContext) {
  await queueNotice(
    ctx,
    {
      subject: m['orders.email_cancelled_subject'],
      heading: m['orders.email_cancelled_heading'],
      intro: m['orders.email_cancelled_intro'],
    },
    {},
  );
}

export async function queueRefundedEmail(ctx: OrderEmailContext, amountCents: number) {
  const locale: Locale = isLocale(ctx.order.locale) ? ctx.order.locale : 'es';
  await queueNotice(
    ctx,
    {
      subject: m['orders.email_refunded_subject'],
      heading: m['orders.email_refunded_heading'],
      intro: m['orders.email_refunded_intro'],
    },
    { amount: formatMoney(amountCents, ctx.order.currency, locale) },
  );
}
