import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTime } from '@taquilla/shared/dates';
import type { FoundOrder } from '@taquilla/shared/schemas/ticket-changes';
import classes from '../components/public.module.css';
import { Notice, type PageNotice } from './ticket-changes.tsx';
import { Page } from './ticket-pages.tsx';

/**
 * «¿Has perdido tus entradas?» (rendered on the server only, plain forms): ask for the link by e-mail, open
 * the link (a button, so that a mail scanner following it does not use it up), and the list it shows.
 */
export interface FindTicketsPageData {
  eventId: string;
  /** `ask`: the e-mail form; `open`: the link's button; `found`: what the link showed. */
  step: 'ask' | 'open' | 'found';
  notice: PageNotice | null;
  orders: FoundOrder[] | null;
}

export function FindTicketsPage({ data }: { data: FindTicketsPageData }) {
  const { t } = useLingui();
  return (
    <Page colors={null} testMode={false} eventId={data.eventId}>
      <main className={classes.narrow}>
        <Stack gap="md">
          <h1 className={classes.noticeTitle}>
            <Trans>¿Has perdido tus entradas?</Trans>
          </h1>
          {data.notice && <Notice notice={data.notice} />}
          {data.step === 'ask' && (
            <Paper withBorder p="lg" radius="md">
              <form method="post">
                <Stack gap="sm">
                  <Text>
                    <Trans>
                      Escribe el correo con el que compraste. Te enviaremos un enlace para ver todas tus
                      entradas de este organizador.
                    </Trans>
                  </Text>
                  <TextInput name="email" type="email" label={t`Correo electrónico`} required />
                  <Button type="submit">
                    <Trans>Enviarme el enlace</Trans>
                  </Button>
                </Stack>
              </form>
            </Paper>
          )}
          {data.step === 'open' && (
            <form method="post">
              <Button type="submit" data-testid="open-link">
                <Trans>Ver mis entradas</Trans>
              </Button>
            </form>
          )}
          {data.step === 'found' && data.orders && <FoundOrders orders={data.orders} />}
        </Stack>
      </main>
    </Page>
  );
}

function FoundOrders({ orders }: { orders: FoundOrder[] }) {
  const { i18n } = useLingui();
  if (orders.length === 0) {
    return (
      <Text data-testid="found-none">
        <Trans>No hay entradas compradas con este correo.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="found-orders">
      {orders.map((o) => (
        <Paper key={o.short_id} withBorder p="md" radius="md">
          <Stack gap={6}>
            <Text fw={700}>{o.event_name}</Text>
            <Text size="sm">{formatDateTime(o.event_start, o.event_timezone, i18n.locale)}</Text>
            {o.tickets.map((a) => (
              <Anchor key={a.short_id} href={a.ticket_url}>
                {a.ticket_name} · {a.name}
              </Anchor>
            ))}
            <Group gap="md">
              <Anchor href={o.order_url} size="sm">
                <Trans>Pedido {o.short_id}</Trans>
              </Anchor>
              {o.invoice_urls.map((url, i) => (
                <Anchor key={url} href={url} size="sm">
                  {i === 0 ? <Trans>Factura</Trans> : <Trans>Factura rectificativa</Trans>}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
