import type { Locale } from '@taquilla/shared';
import { formatDateRange } from '@taquilla/shared/dates';
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { AppleWalletConfig } from '../../config.ts';
import { t } from '../../lib/i18n.ts';
import { passAuthToken } from './passkit-auth.ts';
import { ticketDocumentsMessages } from './ticket-documents.messages.ts';
import { hexOr, textOn } from './ticket-pdf.ts';
import type { TicketLine, TicketView } from './ticket-view.ts';

type Key = keyof typeof ticketDocumentsMessages;

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** The venue's coordinates when the event's location has them (a pass then shows on the lock screen there). */
export function coordinatesOf(
  location: Record<string, unknown>,
): { latitude: number; longitude: number } | null {
  const latitude = Number(location.latitude);
  const longitude = Number(location.longitude);
  if (location.latitude == null || location.longitude == null) return null;
  if (location.latitude === '' || location.longitude === '') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** Icon and logo images at the sizes Wallet asks for: the organizer's logo on their colour, or the colour. */
async function images(view: TicketView, band: string): Promise<Record<string, Buffer>> {
  const square = (size: number) =>
    view.logoPng
      ? sharp(view.logoPng)
          .resize(size, size, { fit: 'contain', background: band })
          .flatten({ background: band })
      : sharp({ create: { width: size, height: size, channels: 3, background: band } });
  const out: Record<string, Buffer> = {};
  for (const [name, size] of [
    ['icon.png', 29],
    ['icon@2x.png', 58],
    ['icon@3x.png', 87],
  ] as const) {
    out[name] = await square(size).png().toBuffer();
  }
  if (view.logoPng) {
    for (const [name, w, h] of [
      ['logo.png', 160, 50],
      ['logo@2x.png', 320, 100],
    ] as const) {
      out[name] = await sharp(view.logoPng).resize(w, h, { fit: 'inside' }).png().toBuffer();
    }
  }
  return out;
}

/**
 * A ticket's Apple Wallet pass (eventTicket): the event, its date in the event's zone, the venue, the
 * holder and ticket, the door's QR code, the organizer's colours; `voided` once cancelled (Wallet shows it
 * void when the buyer adds the new copy). The serial number is the attendee's id, so a new copy replaces
 * the old one in Wallet. Signed by passkit-generator: a detached PKCS#7 signature of manifest.json with
 * the installation's pass certificate, chained to Apple's WWDR intermediate. With an https APP_URL the
 * pass names the PassKit web service (passkit.routes.ts) and its token, so Wallet registers it for updates.
 */
export async function renderApplePass(
  config: AppleWalletConfig,
  authSecret: string,
  view: TicketView,
  ticket: TicketLine,
  locale: Locale,
): Promise<Buffer> {
  const m = (key: Key) => t(locale, ticketDocumentsMessages[key]);
  const band = hexOr(view.colors.primary, '#1c7ed6');
  const text = textOn(band);
  const voided = ticket.state === 'VOID';
  const place = view.where;
  const coordinates = coordinatesOf(view.event.location as Record<string, unknown>);
  const pass = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: ticket.attendeeId,
    organizationName: view.organizerName,
    description: `${view.event.name} · ${ticket.ticketName}`,
    logoText: view.organizerName,
    backgroundColor: rgb(band),
    foregroundColor: rgb(text),
    labelColor: rgb(text),
    relevantDate: view.event.start.toISOString(),
    ...(config.webServiceUrl
      ? {
          webServiceURL: config.webServiceUrl,
          authenticationToken: passAuthToken(authSecret, ticket.attendeeId),
        }
      : {}),
    ...(coordinates ? { locations: [{ ...coordinates, relevantText: view.event.name }] } : {}),
    ...(voided ? { voided: true } : {}),
    ...(ticket.state === 'VALID'
      ? {
          barcodes: [
            {
              format: 'PKBarcodeFormatQR',
              message: ticket.code,
              messageEncoding: 'iso-8859-1',
              altText: ticket.shortId,
            },
          ],
        }
      : {}),
    eventTicket: {
      primaryFields: [{ key: 'event', label: m('ticket_documents.pass_event'), value: view.event.name }],
      secondaryFields: [
        {
          key: 'date',
          label: m('ticket_documents.pass_date'),
          value: formatDateRange(view.event.start, view.event.end, view.event.timezone, locale, 'medium'),
        },
        ...(voided
          ? [
              {
                key: 'status',
                label: m('ticket_documents.pass_status'),
                value: m('ticket_documents.pass_void'),
              },
            ]
          : []),
      ],
      auxiliaryFields: [
        { key: 'holder', label: m('ticket_documents.pass_holder'), value: ticket.holder },
        { key: 'ticket', label: m('ticket_documents.pass_ticket'), value: ticket.ticketName },
      ],
      backFields: [
        ...(place ? [{ key: 'venue', label: m('ticket_documents.pass_venue'), value: place }] : []),
        { key: 'order', label: m('ticket_documents.pass_order'), value: view.orderShortId },
        { key: 'code', label: m('ticket_documents.pdf_ticket_id'), value: ticket.shortId },
        ...ticket.answers.map((a, i) => ({
          key: `answer-${i}`,
          label: a.label,
          value: a.value === true ? m('ticket_documents.answer_yes') : a.value,
        })),
      ],
    },
  };
  const files = { ...(await images(view, band)), 'pass.json': Buffer.from(JSON.stringify(pass)) };
  const pkpass = new PKPass(files, {
    wwdr: config.wwdr,
    signerCert: config.signerCert,
    signerKey: config.signerKey,
    ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
  });
  return pkpass.getAsBuffer();
}
