import { Trans, useLingui } from '@lingui/react/macro';
import { Fieldset, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { EventDate, EventDatePriceInput } from '@taquilla/shared/schemas/event-dates';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, fromWallTime, toWallTime } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, minorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { DateTimeInput } from '../../selling/components/date-time-input.tsx';

/**
 * A date's own terms (#27), shared by the date form and the bulk edit: its sale window (wall times of the
 * event's zone) and its own price for each ticket price (an empty field: the ticket's price).
 */
export type TermsValues = {
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  /** Price id → the amount typed (major units), '' for the ticket's own price. */
  prices: Record<string, number | string>;
};

/** The prices a date may have its own of: every price of the event's tickets but free ones. */
export const priceableTickets = (tickets: Ticket[]) => tickets.filter((tk) => tk.price_type !== 'FREE');

export function termsInitial(date: EventDate | null, timeZone: string, currency: string): TermsValues {
  return {
    sale_starts_at: toWallTime(date?.sale_starts_at, timeZone),
    sale_ends_at: toWallTime(date?.sale_ends_at, timeZone),
    prices: Object.fromEntries(
      (date?.prices ?? []).map((p) => [p.price_id, majorUnitsOf(p.price_cents, currency)]),
    ),
  };
}

/** The window as the API takes it (instants; null: no limit on that side). */
export const windowBody = (v: TermsValues, timeZone: string) => ({
  sale_starts_at: fromWallTime(v.sale_starts_at, timeZone),
  sale_ends_at: fromWallTime(v.sale_ends_at, timeZone),
});

/** The prices filled in, in minor units (only valid amounts: `pricesErrors` first). */
export function pricesBody(v: TermsValues, currency: string): EventDatePriceInput[] {
  return Object.entries(v.prices)
    .filter(([, amount]) => amount !== '' && amount !== null && amount !== undefined)
    .map(([price_id, amount]) => ({ price_id, price_cents: minorUnitsOf(amount, currency) }));
}

/** Each amount typed must be a valid amount of the currency. */
export function pricesErrors(v: TermsValues, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [id, amount] of Object.entries(v.prices)) {
    if (amount === '' || amount === null || amount === undefined) continue;
    const problem = moneyInputError(amount, currency);
    if (problem) errors[`prices.${id}`] = problem;
  }
  return errors;
}

/** The server's 422 on `prices.N.…` shown under the field of that price. */
export function withPriceFields(error: unknown, sent: EventDatePriceInput[]): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  for (const key of Object.keys(error.fields)) {
    const match = /^prices\.(\d+)\./.exec(key);
    const price = match ? sent[Number(match[1])] : undefined;
    if (price) {
      error.fields[`prices.${price.price_id}`] = error.fields[key] as string;
      delete error.fields[key];
    }
  }
  return error;
}

export function SaleWindowFields<V extends TermsValues>(props: { form: UseFormReturnType<V> }) {
  const { t } = useLingui();
  return (
    <Fieldset legend={t`Venta de esta fecha`} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          <Trans>Vacío: se vende según las fechas de venta de cada entrada.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateTimeInput label={t`Abre la venta`} {...props.form.getInputProps('sale_starts_at')} />
          <DateTimeInput label={t`Cierra la venta`} {...props.form.getInputProps('sale_ends_at')} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

export function DatePricesFields<V extends TermsValues>(props: {
  form: UseFormReturnType<V>;
  tickets: Ticket[];
  currency: string;
}) {
  const { t } = useLingui();
  const tickets = priceableTickets(props.tickets);
  return (
    <Fieldset legend={t`Precios de esta fecha`} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          <Trans>Vacío: el precio de la entrada. En una donación, el importe mínimo.</Trans>
        </Text>
        {tickets.length === 0 && (
          <Text size="sm">
            <Trans>Este evento aún no tiene entradas de pago.</Trans>
          </Text>
        )}
        {tickets.flatMap((tk) =>
          tk.prices.map((p) => {
            const name = p.label ? `${tk.name} – ${p.label}` : tk.name;
            const base = formatMoney(p.price_cents, props.currency);
            return (
              <NumberInput
                key={p.id}
                label={name}
                placeholder={t`${base} (el de la entrada)`}
                data-testid="date-price"
                min={0}
                clampBehavior="none"
                {...amountFieldProps()}
                rightSection={
                  <Text size="xs" c="dimmed" pr={6}>
                    {props.currency}
                  </Text>
                }
                {...props.form.getInputProps(`prices.${p.id}`)}
              />
            );
          }),
        )}
      </Stack>
    </Fieldset>
  );
}
