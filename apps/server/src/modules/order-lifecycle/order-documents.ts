import type { AttachmentRef } from '../../lib/mailer.ts';

/**
 * The documents an order's e-mails attach by reference (lib/mailer.ts `AttachmentRef`): the order e-mails
 * name them, and the module that owns them (invoices) registers their resolver at start-up and makes them
 * when the e-mail is sent. `id` is the order's for the invoice and a cancellation's credit note, the
 * refund's for a refund's credit note.
 */
export const ORDER_DOCUMENTS = {
  INVOICE: 'order-invoice',
  REFUND_CREDIT_NOTE: 'refund-credit-note',
  CANCELLATION_CREDIT_NOTE: 'cancellation-credit-note',
} as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[keyof typeof ORDER_DOCUMENTS];

/** A reference to an order's document, made and attached when its e-mail is sent, in the order's language. */
export const documentRef = (
  kind: OrderDocument,
  id: string,
  order: { account_id: string; locale: string },
): AttachmentRef => ({ kind, id, accountId: order.account_id, locale: order.locale });

/**
 * The tickets' PDF the order e-mails attach by reference (registered by ticket-documents): the whole
 * order's (`id` is the order's) in the confirmation, one attendee's (`id` is the attendee's) in their
 * ticket e-mail.
 */
export const TICKET_DOCUMENTS = {
  ORDER_TICKETS: 'order-tickets-pdf',
  ATTENDEE_TICKET: 'attendee-ticket-pdf',
} as const;
export type TicketDocument = (typeof TICKET_DOCUMENTS)[keyof typeof TICKET_DOCUMENTS];

/** A reference to tickets' PDF, made when its e-mail is sent, in the order's language. */
export const ticketsRef = (
  kind: TicketDocument,
  id: string,
  order: { account_id: string; locale: string },
): AttachmentRef => ({ kind, id, accountId: order.account_id, locale: order.locale });
