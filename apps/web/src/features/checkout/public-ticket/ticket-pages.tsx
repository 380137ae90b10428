import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack } from '@mantine/core';
import type { PublicAttendee } from '@taquilla/shared';
import type { Receipt } from '@taquilla/shared/schemas/receipt';
import type { TicketChangeActions } from '@taquilla/shared/schemas/ticket-changes';
import type { CSSProperties, ReactNode } from 'react';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { ReceiptView } from '../components/receipt.tsx';
import { TestModeNotice } from '../components/test-mode-banner.tsx';
import { TicketCard, type TicketEvent } from '../components/ticket-card.tsx';
import { eventColorStyle, type PageColors } from '../lib/event-colors.ts';
import type { HolderEditForm } from './holder-edit-form.tsx';
import { Notice, type PageNotice, TicketChanges } from './ticket-changes.tsx';

/**
 * The ticket page and the print pages: rendered on the server only (renderToString, no hydration), so a
 * ticket opens at the door on a poor connection and with JavaScript off. Links are plain addresses; the
 * print button is the one thing that needs a script (print.js), and stays hidden without it.
 */
export interface TicketPageData {
  eventId: string;
  event: TicketEvent;
  colors: PageColors | null;
  /** The event only takes simulated payments: the page says so. */
  testMode: boolean;
  attendee: PublicAttendee;
  orderShortId: string;
  /** What the holder may change now (ticket-changes); absent on pages that offer nothing. */
  changes?: TicketChangeActions | null;
  /** The answer to a form just sent from this page. */
  notice?: PageNotice | null;
  /** The edit form the server just refused, with its errors. */
  edit?: HolderEditForm | null;
  /** What the server offers to carry the ticket: its PDF, and wallet passes when the installation has them. */
  documents: TicketDocuments;
}

export interface TicketDocuments {
  pdf_url: string;
  apple_wallet_url: string | null;
  google_wallet_url: string | null;
}

export function Page(props: {
  colors: PageColors | null;
  testMode: boolean;
  eventId?: string;
  children: ReactNode;
}) {
  return (
    <div className={classes.page} style={eventColorStyle(props.colors) as CSSProperties}>
      {props.testMode && <TestModeNotice />}
      {props.children}
      <PublicFooter eventId={props.eventId} />
    </div>
  );
}

/** /ticket/:eventId/:attendeeShortId — the buyer's ticket on the phone, with calendar and print. */
export function TicketPage({ data }: { data: TicketPageData }) {
  const base = `/ticket/${encodeURIComponent(data.eventId)}/${encodeURIComponent(data.attendee.short_id)}`;
  const ics = `/api/public/events/${encodeURIComponent(data.eventId)}/attendees/${encodeURIComponent(data.attendee.short_id)}/ics`;
  return (
    <Page colors={data.colors} testMode={data.testMode} eventId={data.eventId}>
      <main className={classes.narrow}>
        <Stack gap="md">
          {data.notice && <Notice notice={data.notice} />}
          <Paper withBorder p="lg" radius="lg" shadow="sm">
            <TicketCard
              event={data.event}
              attendee={data.attendee}
              orderShortId={data.orderShortId}
              headingOrder={1}
            />
          </Paper>
          {/* Side by side where both labels fit; on a narrow phone each takes the whole width (Catalan's
              «Afegeix al calendari» was cut in half a 360 px row). */}
          <Group gap="sm" wrap="wrap">
            <Button component="a" href={ics} variant="light" download className={classes.ticketAction}>
              <Trans>Añadir al calendario</Trans>
            </Button>
            <Button component="a" href={`${base}/print`} variant="default" className={classes.ticketAction}>
              <Trans>Imprimir</Trans>
            </Button>
            <Button
              component="a"
              href={data.documents.pdf_url}
              variant="default"
              download
              className={classes.ticketAction}
            >
              <Trans>Descargar PDF</Trans>
            </Button>
          </Group>
          {(data.documents.apple_wallet_url || data.documents.google_wallet_url) && (
            <Group gap="sm" wrap="wrap">
              {data.documents.apple_wallet_url && (
                <Button
                  component="a"
                  href={data.documents.apple_wallet_url}
                  color="dark"
                  className={classes.ticketAction}
                >
                  <Trans>Añadir a Apple Wallet</Trans>
                </Button>
              )}
              {data.documents.google_wallet_url && (
                <Button
                  component="a"
                  href={data.documents.google_wallet_url}
                  color="dark"
                  className={classes.ticketAction}
                >
                  <Trans>Guardar en Google Wallet</Trans>
                </Button>
              )}
            </Group>
          )}
          {data.changes && (
            <TicketChanges
              base={base}
              timezone={data.event.timezone}
              attendee={data.attendee}
              changes={data.changes}
              edit={data.edit}
            />
          )}
        </Stack>
      </main>
    </Page>
  );
}

/** After a transfer: the ticket is someone else's now; this page no longer shows it. */
export function TicketTransferred(props: { to: string; email: string; eventUrl: string | null }) {
  return (
    <Page colors={null} testMode={false}>
      <main className={classes.narrow}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start" data-testid="ticket-transferred">
            <h1 className={classes.noticeTitle}>
              <Trans>Entrada transferida</Trans>
            </h1>
            <p>
              <Trans>
                La entrada es ahora de {props.to}: le hemos enviado un correo a {props.email} con su código
                nuevo. Tu código anterior ya no sirve para entrar.
              </Trans>
            </p>
            {props.eventUrl && (
              <a href={props.eventUrl}>
                <Trans>Ver la página del evento</Trans>
              </a>
            )}
          </Stack>
        </Paper>
      </main>
    </Page>
  );
}

export interface PrintPageData {
  event: TicketEvent;
  colors: PageColors | null;
  testMode: boolean;
  tickets: PublicAttendee[];
  orderShortId: string;
  /** The order's print page: its receipt, on a sheet of its own before the tickets. */
  receipt: Receipt | null;
}

/**
 * /ticket/:eventId/:attendeeShortId/print and /order/:eventId/:orderShortId/print: one ticket per sheet,
 * after the order's receipt.
 */
export function PrintPage({ data }: { data: PrintPageData }) {
  const { t } = useLingui();
  return (
    <Page colors={data.colors} testMode={data.testMode}>
      <main className={classes.printSheet}>
        <h1 className={classes.visuallyHidden}>{t`Entradas de ${data.event.name}`}</h1>
        <Group justify="flex-end" mb="md" className={classes.noPrint}>
          <Button data-print className={classes.printButton}>
            <Trans>Imprimir</Trans>
          </Button>
        </Group>
        {data.receipt && (
          <section className={`${classes.printTicket} ${classes.receipt}`}>
            <ReceiptView receipt={data.receipt} />
          </section>
        )}
        {data.tickets.map((a) => (
          <section key={a.short_id} className={classes.printTicket}>
            <TicketCard event={data.event} attendee={a} orderShortId={data.orderShortId} />
          </section>
        ))}
      </main>
    </Page>
  );
}

/** A link that did not find its ticket or order: back to its event's page, never to the back office. */
export function TicketNotFound({
  of = 'ticket',
  eventUrl,
}: {
  of?: 'ticket' | 'order';
  eventUrl: string | null;
}) {
  return (
    <Page colors={null} testMode={false}>
      <main className={classes.narrow}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <h1 className={classes.noticeTitle}>
              {of === 'order' ? <Trans>Pedido no encontrado</Trans> : <Trans>Entrada no encontrada</Trans>}
            </h1>
            <p>
              {of === 'order' ? (
                <Trans>Comprueba el enlace de tu pedido.</Trans>
              ) : (
                <Trans>Comprueba el enlace de tu entrada.</Trans>
              )}
            </p>
            {eventUrl && (
              <a href={eventUrl}>
                <Trans>Ver la página del evento</Trans>
              </a>
            )}
          </Stack>
        </Paper>
      </main>
    </Page>
  );
}
