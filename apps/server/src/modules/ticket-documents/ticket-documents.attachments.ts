import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { TICKET_DOCUMENTS } from '../order-lifecycle/order-documents.ts';
import { ticketsAttachment } from './ticket-documents.service.ts';

/** Lets the mailer attach the tickets' PDF that order e-mails name by reference (app start-up). */
export function registerTicketAttachments(
  mailer: Pick<Mailer, 'registerAttachmentResolver'>,
  config: Config,
  q: Queryable,
) {
  for (const kind of Object.values(TICKET_DOCUMENTS)) {
    mailer.registerAttachmentResolver(kind, (ref) => ticketsAttachment(config, q, ref));
  }
}
