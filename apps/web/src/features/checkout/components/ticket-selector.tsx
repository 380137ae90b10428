import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { PublicEvent, PublicPrice, PublicTicket } from '@taquilla/shared';
import { parseMinorUnits } from '@taquilla/shared/money';
import { useState } from 'react';
import { moneyInputError } from '../../../lib/money-input.ts';
import type { OrderLineInput } from '../api.ts';
import { usePageFormat } from '../lib/page-format.ts';
import { extraLabel, lineTotal, type Selection, unitDiscount } from '../lib/pricing.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { WaitlistJoin } from './waitlist-join.tsx';

type Selections = Record<string, Selection>;

/** Whether a price can be bought now (its own state, or its ticket's when the price is on sale). */
const isOnSale = (ticket: PublicTicket, price: PublicPrice) =>
  (price.sale_state === 'ON_SALE' ? ticket.sale_state : price.sale_state) === 'ON_SALE';

const ticketQuantity = (ticket: PublicTicket, sel: Selections) =>
  ticket.prices.reduce((n, p) => n + (sel[p.id]?.quantity ?? 0), 0);

export function TicketSelector(props: {
  event: PublicEvent;
  submitting: boolean;
  accent?: string;
  /** The embeddable widget lets the organizer name the button. */
  submitLabel?: string;
  onSubmit: (lines: OrderLineInput[]) => void;
}) {
  const { event } = props;
  const { t } = useLingui();
  const [sel, setSel] = useState<Selections>({});
  const [donationText, setDonationText] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const format = usePageFormat();
  const fmt = (cents: number) => format.money(cents, event.currency);

  const setQuantity = (price: PublicPrice, next: number) =>
    setSel((s) => ({ ...s, [price.id]: { ...s[price.id], quantity: next } }));

  const increment = (ticket: PublicTicket, price: PublicPrice) => {
    const current = sel[price.id]?.quantity ?? 0;
    const ticketTotal = ticketQuantity(ticket, sel);
    // The first tap jumps to the minimum per order, so the buyer never sees an impossible count.
    const step = ticketTotal === 0 ? Math.max(1, ticket.min_per_order) : 1;
    setQuantity(price, current + step);
  };
  const decrement = (ticket: PublicTicket, price: PublicPrice) => {
    const current = sel[price.id]?.quantity ?? 0;
    const ticketTotal = ticketQuantity(ticket, sel);
    // Below the minimum per order the line drops to zero rather than to an impossible count.
    setQuantity(price, ticketTotal - 1 < ticket.min_per_order ? 0 : Math.max(0, current - 1));
  };

  const donationError = (ticket: PublicTicket, price: PublicPrice): string | null => {
    const quantity = sel[price.id]?.quantity ?? 0;
    if (ticket.price_type !== 'DONATION' || quantity === 0) return null;
    const amount = sel[price.id]?.amountCents;
    if (amount === undefined) return moneyInputError(donationText[price.id] ?? '', event.currency);
    if (amount < price.price_cents) return t`La aportación mínima es ${fmt(price.price_cents)}.`;
    return null;
  };

  let total = 0;
  let count = 0;
  let invalid = false;
  for (const ticket of event.tickets) {
    for (const price of ticket.prices) {
      const s = sel[price.id];
      // A ticket that sold out after it was chosen (the page reloads it) leaves the order: it has no
      // stepper any more to take it out by hand.
      if (!s?.quantity || !isOnSale(ticket, price)) continue;
      count += s.quantity;
      total += lineTotal(ticket, price.price_cents, event.promo_code, s);
      if (donationError(ticket, price)) invalid = true;
    }
  }

  // Everything sold out or not on sale: no total bar (it would cover the waiting list's form).
  const anyOnSale = event.tickets.some((ticket) => ticket.prices.some((p) => isOnSale(ticket, p)));

  const submit = () => {
    setTried(true);
    if (invalid || count === 0) return;
    const lines: OrderLineInput[] = [];
    for (const ticket of event.tickets) {
      for (const price of ticket.prices) {
        const s = sel[price.id];
        if (!s?.quantity || !isOnSale(ticket, price)) continue;
        lines.push({
          ticket_id: ticket.id,
          price_id: price.id,
          quantity: s.quantity,
          ...(ticket.price_type === 'DONATION' ? { amount_cents: s.amountCents } : {}),
        });
      }
    }
    props.onSubmit(lines);
  };

  if (event.tickets.length === 0) {
    return (
      <Paper withBorder p="lg" ta="center">
        <Text fw={600}>
          <Trans>No hay entradas disponibles</Trans>
        </Text>
        <Text c="dimmed" size="sm">
          <Trans>Vuelve más tarde: el organizador todavía no ha puesto entradas a la venta.</Trans>
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      {event.tickets.map((ticket) => (
        <Paper key={ticket.id} withBorder p="md" radius="md" data-testid="ticket" data-ticket-id={ticket.id}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {ticket.name}
              </Text>
              {ticket.unlocked_by_promo_code && (
                <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
                  <Trans>Desbloqueada</Trans>
                </Badge>
              )}
            </Group>
            {ticket.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {ticket.description}
              </Text>
            )}
            {ticket.prices.map((price) => {
              const quantity = sel[price.id]?.quantity ?? 0;
              const state = price.sale_state === 'ON_SALE' ? ticket.sale_state : price.sale_state;
              const onSale = state === 'ON_SALE';
              const ticketTotal = ticketQuantity(ticket, sel);
              const remaining = price.quantity_remaining ?? ticket.quantity_remaining;
              const nextStep = ticketTotal === 0 ? Math.max(1, ticket.min_per_order) : 1;
              const canIncrement =
                onSale &&
                ticketTotal + nextStep <= ticket.max_per_order &&
                (remaining === null || quantity + nextStep <= remaining);
              const discount = unitDiscount(event.promo_code, ticket, price.price_cents);
              const name = price.label ? `${ticket.name} – ${price.label}` : ticket.name;
              const error = tried || quantity > 0 ? donationError(ticket, price) : null;
              return (
                <Stack key={price.id} gap={6} data-testid="price" data-price-id={price.id}>
                  {ticket.prices.length > 1 && <Divider />}
                  <Group justify="space-between" wrap="nowrap" align="center">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {price.label && <Text fw={600}>{price.label}</Text>}
                      <PriceText
                        ticket={ticket}
                        price={price}
                        discount={discount}
                        fmt={fmt}
                        currency={event.currency}
                      />
                      <SaleState
                        state={state}
                        start={price.sale_start_date ?? ticket.sale_start_date}
                        timezone={event.timezone}
                        remaining={ticket.show_quantity_remaining ? remaining : null}
                      />
                    </Stack>
                    {onSale && (
                      <QuantityStepper
                        label={name}
                        value={quantity}
                        canDecrement={quantity > 0}
                        canIncrement={canIncrement}
                        onDecrement={() => decrement(ticket, price)}
                        onIncrement={() => increment(ticket, price)}
                      />
                    )}
                  </Group>
                  {state === 'SOLD_OUT' && ticket.waitlist_enabled && (
                    <WaitlistJoin
                      eventId={event.id}
                      ticket={ticket}
                      priceId={price.id}
                      dateId={event.date_id}
                      accent={props.accent}
                    />
                  )}
                  {ticket.price_type === 'DONATION' && onSale && quantity > 0 && (
                    <TextInput
                      label={t`Tu aportación por entrada`}
                      description={t`Mínimo ${fmt(price.price_cents)}`}
                      inputMode="decimal"
                      placeholder={format.amount(price.price_cents, event.currency)}
                      value={donationText[price.id] ?? ''}
                      error={error}
                      onChange={(e) => {
                        const text = e.currentTarget.value;
                        setDonationText((d) => ({ ...d, [price.id]: text }));
                        const read = parseMinorUnits(text, event.currency);
                        setSel((s) => ({
                          ...s,
                          [price.id]: {
                            quantity: s[price.id]?.quantity ?? 0,
                            amountCents: read.ok ? read.value : undefined,
                          },
                        }));
                      }}
                    />
                  )}
                </Stack>
              );
            })}
            {ticket.min_per_order > 1 || ticket.max_per_order < 100 ? (
              <Text size="xs" c="dimmed">
                {ticket.min_per_order > 1 ? (
                  <Trans>
                    Entre {ticket.min_per_order} y {ticket.max_per_order} por pedido
                  </Trans>
                ) : (
                  <Trans>Máximo {ticket.max_per_order} por pedido</Trans>
                )}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ))}

      {anyOnSale && (
        <Paper withBorder p="md" radius="md" style={{ position: 'sticky', bottom: 8, zIndex: 2 }} shadow="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {count === 1 ? <Trans>1 entrada</Trans> : <Trans>{count} entradas</Trans>}
              </Text>
              <Text fw={700} size="xl" data-testid="selector-total">
                {fmt(total)}
              </Text>
            </Stack>
            <Button
              size="md"
              onClick={submit}
              loading={props.submitting}
              disabled={count === 0}
              color={props.accent}
            >
              {props.submitLabel ?? <Trans>Continuar</Trans>}
            </Button>
          </Group>
          {count > 0 && total > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              <Trans>Incluye impuestos y gastos. El importe final se confirma en el siguiente paso.</Trans>
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function PriceText(props: {
  ticket: PublicTicket;
  price: PublicPrice;
  discount: number;
  fmt: (cents: number) => string;
  currency: string;
}) {
  const { ticket, price, discount, fmt } = props;
  const format = usePageFormat();
  if (ticket.price_type === 'FREE' || (price.price_cents === 0 && ticket.price_type !== 'DONATION')) {
    return (
      <Text fw={600} c="teal.8">
        <Trans>Gratis</Trans>
      </Text>
    );
  }
  const extras = ticket.taxes_and_fees.map((x) => `+ ${x.name} ${extraLabel(x, format, props.currency)}`);
  return (
    <Stack gap={0}>
      {ticket.price_type === 'DONATION' ? (
        <Text fw={600}>
          <Trans>Desde {fmt(price.price_cents)}</Trans>
        </Text>
      ) : discount > 0 ? (
        <Group gap={6}>
          <Text fw={600} c="grape.8">
            {fmt(price.price_cents - discount)}
          </Text>
          <Text size="sm" c="dimmed" td="line-through">
            {fmt(price.price_cents)}
          </Text>
        </Group>
      ) : (
        <Text fw={600}>{fmt(price.price_cents)}</Text>
      )}
      {extras.length > 0 && (
        <Text size="xs" c="dimmed">
          {extras.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

function SaleState(props: {
  state: string;
  start: string | null;
  timezone: string;
  remaining: number | null;
}) {
  const format = usePageFormat();
  if (props.state === 'SOLD_OUT') {
    return (
      <Text size="sm" c="var(--mantine-color-error)" fw={600}>
        <Trans>Agotadas</Trans>
      </Text>
    );
  }
  if (props.state === 'ENDED') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Venta finalizada</Trans>
      </Text>
    );
  }
  if (props.state === 'NOT_STARTED') {
    const when = props.start ? format.dateTime(props.start, props.timezone) : '';
    return (
      <Text size="sm" c="blue.8">
        {when ? <Trans>A la venta el {when}</Trans> : <Trans>Próximamente a la venta</Trans>}
      </Text>
    );
  }
  if (props.remaining !== null) {
    return (
      <Text size="sm" c={props.remaining <= 10 ? 'orange.8' : 'dimmed'}>
        {props.remaining === 1 ? <Trans>¡Queda 1!</Trans> : <Trans>Quedan {props.remaining}</Trans>}
      </Text>
    );
  }
  return null;
}
