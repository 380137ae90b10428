import { PERSONAL_DATA_KINDS } from '@taquilla/shared/schemas/privacy';
import { emailJobsPersonalData } from '../../lib/mailer.privacy.ts';
import type { PersonalDataKind } from '../../lib/personal-data.ts';
import { attendeesPersonalData } from '../attendees/attendees.privacy.ts';
import { checkInsPersonalData } from '../check-in/check-in.privacy.ts';
import { invoicesPersonalData } from '../invoices/invoices.privacy.ts';
import { messageDeliveriesPersonalData } from '../messages/messages.privacy.ts';
import { ordersPersonalData } from '../orders/orders.privacy.ts';
import { answersPersonalData } from '../questions/questions.privacy.ts';
import { ticketTransfersPersonalData } from '../ticket-changes/ticket-changes.privacy.ts';
import { waitlistPersonalData } from '../waitlist/waitlist.privacy.ts';

/** Every kind of personal data, each handled by the module that owns it, in the export's order. */
export const PERSONAL_DATA: PersonalDataKind[] = [
  ordersPersonalData,
  attendeesPersonalData,
  answersPersonalData,
  ticketTransfersPersonalData,
  waitlistPersonalData,
  messageDeliveriesPersonalData,
  emailJobsPersonalData,
  checkInsPersonalData,
  invoicesPersonalData,
];

/**
 * The order an erasure runs in: kinds found through another kind's address go before it (answers and
 * check-ins through the attendees' and orders' e-mails, invoices through the orders'), the rows that own
 * the addresses last.
 */
const ERASE_ORDER = [
  'invoices',
  'check_ins',
  'answers',
  'ticket_transfers',
  'message_deliveries',
  'emails',
  'waitlist',
  'attendees',
  'orders',
];
export const ERASURE_SEQUENCE = ERASE_ORDER.map((name) => {
  const kind = PERSONAL_DATA.find((k) => k.kind === name);
  if (!kind) throw new Error(`unknown personal data kind ${name}`);
  return kind;
});

// The shared list (the web's labels) and the modules' kinds name the same things.
if (PERSONAL_DATA.map((k) => k.kind).join() !== PERSONAL_DATA_KINDS.join())
  throw new Error('PERSONAL_DATA and PERSONAL_DATA_KINDS differ');
