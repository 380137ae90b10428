import type { Queryable } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { ORDER_DOCUMENTS } from '../order-lifecycle/order-documents.ts';
import { documentAttachment } from './invoices.service.ts';

/**
 * Lets the mailer attach invoices and credit notes that e-mails name by reference (app start-up): each
 * PDF is made from the database when its e-mail is sent.
 */
export function registerInvoiceAttachments(mailer: Pick<Mailer, 'registerAttachmentResolver'>, q: Queryable) {
  for (const kind of Object.values(ORDER_DOCUMENTS)) {
    mailer.registerAttachmentResolver(kind, (ref) => documentAttachment(q, ref));
  }
}
