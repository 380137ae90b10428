import { createPrivateKey } from 'node:crypto';
import type { Locale } from '@taquilla/shared';
import { SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../config.ts';
import { t } from '../../lib/i18n.ts';
import { ticketDocumentsMessages } from './ticket-documents.messages.ts';
import { hexOr } from './ticket-pdf.ts';
import type { TicketLine, TicketView } from './ticket-view.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const text = (value: string, locale: Locale) => ({ defaultValue: { language: locale, value } });

/** Google's ids are `<issuer id>.<suffix>`, the suffix of letters, digits, `.`, `_` and `-`. */
export const googleClassId = (issuerId: string, eventId: string, dateId: string | null = null) =>
  dateId ? `${issuerId}.date-${dateId}` : `${issuerId}.event-${eventId}`;
export const googleObjectId = (issuerId: string, attendeeId: string) => `${issuerId}.ticket-${attendeeId}`;

/**
 * A ticket's eventTicketClass (the event, or its date when the event has several: the class holds the
 * time and venue) and eventTicketObject. A cancelled ticket's object is INACTIVE and has no barcode.
 */
export function googleWalletObjects(
  config: GoogleWalletConfig,
  appUrl: string,
  view: TicketView,
  ticket: TicketLine,
  locale: Locale,
) {
  const classId = googleClassId(config.issuerId, view.event.id, view.event.dateId);
  const colour = hexOr(view.colors.primary, '#1c7ed6');
  const eventTicketClass = {
    id: classId,
    issuerName: view.organizerName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(view.event.name, locale),
    dateTime: {
      start: view.event.start.toISOString(),
      ...(view.event.end ? { end: view.event.end.toISOString() } : {}),
    },
    ...(view.where
      ? {
          venue: {
            name: text(view.event.location.venue_name || view.where, locale),
            address: text(view.where, locale),
          },
        }
      : {}),
    hexBackgroundColor: colour,
  };
  const valid = ticket.state === 'VALID';
  const eventTicketObject = {
    id: googleObjectId(config.issuerId, ticket.attendeeId),
    classId,
    state: ticket.state === 'VOID' ? 'INACTIVE' : 'ACTIVE',
    ticketHolderName: ticket.holder,
    ticketNumber: ticket.shortId,
    ticketType: text(ticket.ticketName, locale),
    reservationInfo: { confirmationCode: view.orderShortId },
    hexBackgroundColor: colour,
    ...(ticket.answers.length > 0
      ? {
          textModulesData: ticket.answers.map((a, i) => ({
            id: `answer${i}`,
            header: a.label,
            body:
              a.value === true ? t(locale, ticketDocumentsMessages['ticket_documents.answer_yes']) : a.value,
          })),
        }
      : {}),
    ...(valid ? { barcode: { type: 'QR_CODE', value: ticket.code, alternateText: ticket.shortId } } : {}),
    linksModuleData: {
      uris: [{ uri: `${appUrl}/ticket/${view.event.id}/${ticket.shortId}`, description: view.event.name }],
    },
  };
  return { eventTicketClass, eventTicketObject };
}

/**
 * The «Guardar en Google Wallet» link of a ticket: a JWT signed (RS256) with the installation's service
 * account key, carrying the class and object, which Google creates when the buyer opens the link. Later
 * changes reach a saved object through Google's REST API (google-wallet-api.ts).
 */
export async function googleWalletLink(
  config: GoogleWalletConfig,
  appUrl: string,
  view: TicketView,
  ticket: TicketLine,
  locale: Locale,
): Promise<string> {
  const { eventTicketClass, eventTicketObject } = googleWalletObjects(config, appUrl, view, ticket, locale);
  const jwt = await new SignJWT({
    origins: [appUrl],
    typ: 'savetowallet',
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(createPrivateKey(config.privateKey));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
