import { createPrivateKey } from 'node:crypto';
import type { Locale } from '@taquilla/shared';
import { SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../config.ts';
import { hexOr } from './ticket-pdf.ts';
import type { TicketLine, TicketView } from './ticket-view.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const text = (value: string, locale: Locale) => ({ defaultValue: { language: locale, value } });

/** Google's ids are `<issuer id>.<suffix>`, the suffix of letters, digits, `.`, `_` and `-`. */
export const googleClassId = (issuerId: string, eventId: string) => `${issuerId}.event-${eventId}`;
export const googleObjectId = (issuerId: string, attendeeId: string) => `${issuerId}.ticket-${attendeeId}`;

/**
 * The «Guardar en Google Wallet» link of a ticket: a JWT signed (RS256) with the installation's service
 * account key, carrying the event's eventTicketClass and the ticket's eventTicketObject, which Google
 * creates when the buyer opens the link (no call to Google's API here). A cancelled ticket's object is
 * INACTIVE and has no barcode.
 */
export async function googleWalletLink(
  config: GoogleWalletConfig,
  appUrl: string,
  view: TicketView,
  ticket: TicketLine,
  locale: Locale,
): Promise<string> {
  const classId = googleClassId(config.issuerId, view.event.id);
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
    ...(valid ? { barcode: { type: 'QR_CODE', value: ticket.code, alternateText: ticket.shortId } } : {}),
    linksModuleData: {
      uris: [{ uri: `${appUrl}/ticket/${view.event.id}/${ticket.shortId}`, description: view.event.name }],
    },
  };
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
