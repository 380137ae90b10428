import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { type ManualOrderInput, manualOrderInput } from '@taquilla/shared/schemas/orders';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageLoader } from '../../../components/page-state.tsx';
import { useEventTickets } from '../../../lib/event-queries.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, minorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { useCreateManualOrder, useManualOrderPrice } from '../api.ts';

/** The form's name for a field the body names as the API does (`buyer.email`, `tickets.0.price_id`). */
const formField = (key: string) =>
  key === 'amount_paid_cents'
    ? 'amount_paid'
    : key.startsWith('buyer.')
      ? key.slice('buyer.'.length)
      : /^tickets\.\d+\.quantity$/.test(key)
        ? key.replace(/^tickets/, 'lines')
        : key.replace(/^tickets\.(\d+)(\..*)?$/, 'lines.$1.price_id');
const underFormFields = <T,>(errors: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [formField(k), v]));

const validateManualOrder = schemaValidate<ManualOrderInput>(manualOrderInput);

/**
 * "Nuevo pedido": a sale by phone or at the box office, or complimentary tickets. The server takes the
 * units under the same limits as checkout, so a sold-out ticket is refused here too. The amount collected
 * follows the catalogue total the server prices for the chosen tickets until the organizer types another;
 * complimentary is the «Invitación» switch, never an amount left at 0.
 */
export function ManualOrderModal(props: {
  eventId: string;
  currency: string;
  onClose: () => void;
  onCreated: (order: OrganizerOrder) => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const tickets = useEventTickets(props.eventId);
  const create = useCreateManualOrder(props.eventId);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      lines: [{ price_id: '', quantity: 1 as number | string }],
      amount_paid: '' as number | string,
      complimentary: false,
      send_emails: true,
      /** '': none chosen (an event without dates needs none). */
      event_date_id: '',
    },
  });
  const options = (tickets.data ?? []).flatMap((ticket) =>
    ticket.prices.map((p) => ({
      value: p.id,
      ticketId: ticket.id,
      label: `${ticket.name}${p.label ? ` · ${p.label}` : ''} (${formatMoney(ticket.price_type === 'FREE' ? 0 : p.price_cents, props.currency)})${
        p.quantity_remaining === null ? '' : ` — ${t`quedan ${p.quantity_remaining}`}`
      }`,
    })),
  );
  const chosen = form.values.lines.flatMap((l) => {
    const quantity = Number(l.quantity);
    const ticketId = options.find((o) => o.value === l.price_id)?.ticketId;
    return ticketId && Number.isInteger(quantity) && quantity >= 1
      ? [{ ticket_id: ticketId, price_id: l.price_id, quantity }]
      : [];
  });
  const price = useManualOrderPrice(props.eventId, chosen, form.values.event_date_id || null);
  const catalogue = chosen.length && price.data ? price.data.total_cents : null;
  // The amount shown is the catalogue total until the organizer types one of their own.
  const [amountTyped, setAmountTyped] = useState(false);
  const amountInput = form.getInputProps('amount_paid');
  const amount = form.values.complimentary
    ? 0
    : amountTyped || catalogue === null
      ? form.values.amount_paid
      : majorUnitsOf(catalogue, props.currency);
  const body = (v: typeof form.values): ManualOrderInput => ({
    buyer: { first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim() },
    tickets: v.lines.map((l) => ({
      ticket_id: options.find((o) => o.value === l.price_id)?.ticketId ?? '',
      price_id: l.price_id,
      quantity: l.quantity === '' ? Number.NaN : Number(l.quantity),
    })),
    ...(v.complimentary
      ? { complimentary: true }
      : amount === ''
        ? {}
        : {
            // An amount the currency cannot hold is NaN, refused below in the field's own words.
            amount_paid_cents: moneyInputError(amount, props.currency)
              ? Number.NaN
              : minorUnitsOf(amount, props.currency),
          }),
    send_emails: v.send_emails,
    ...(v.event_date_id ? { event_date_id: v.event_date_id } : {}),
  });
  // Checked here rather than in useForm: the amount may be the catalogue total of this render.
  const submit = form.onSubmit(async (v) => {
    const format = v.complimentary || amount === '' ? null : moneyInputError(amount, props.currency);
    const errors = {
      ...underFormFields(validateManualOrder(body(v))),
      ...(format ? { amount_paid: format } : {}),
    };
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      const order = await create.mutateAsync(body(v));
      notifications.show({ color: 'teal', message: t`Pedido ${order.short_id} creado.` });
      props.onCreated(order);
    } catch (error) {
      showSubmitError(error, {
        setErrors: (fields) => form.setErrors(underFormFields(fields)),
      });
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={t`Nuevo pedido`} fullScreen={phone} size="lg">
      {tickets.isPending ? (
        <PageLoader />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              <Trans>
                Para ventas por teléfono, en taquilla o invitaciones. Las entradas se descuentan del aforo
                igual que en una compra online.
              </Trans>
            </Text>
            <Group grow align="flex-start">
              <TextInput label={t`Nombre`} required data-autofocus {...form.getInputProps('first_name')} />
              <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
            </Group>
            <TextInput label={t`Correo electrónico`} type="email" required {...form.getInputProps('email')} />
            <DateFilter
              eventId={props.eventId}
              labelled
              required
              value={form.values.event_date_id}
              onChange={(id) => form.setFieldValue('event_date_id', id ?? '')}
              error={form.errors.event_date_id}
            />
            {form.values.lines.map((line, i) => (
              <Group key={`${i}-${line.price_id}`} align="flex-end" wrap="nowrap">
                <Select
                  label={i === 0 ? t`Entrada` : undefined}
                  aria-label={t`Entrada`}
                  data={options}
                  searchable
                  style={{ flex: 1 }}
                  {...form.getInputProps(`lines.${i}.price_id`)}
                />
                <NumberInput
                  label={i === 0 ? t`Cantidad` : undefined}
                  aria-label={t`Cantidad`}
                  min={1}
                  clampBehavior="none"
                  allowDecimal={false}
                  w={96}
                  {...form.getInputProps(`lines.${i}.quantity`)}
                />
                {form.values.lines.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Quitar línea`}
                    onClick={() => form.removeListItem('lines', i)}
                    mb={4}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('lines', { price_id: '', quantity: 1 })}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Añadir otra entrada</Trans>
            </Button>
            <Switch
              label={t`Invitación (gratis)`}
              description={t`Las entradas no se cobran: el pedido queda con importe 0.`}
              {...form.getInputProps('complimentary', { type: 'checkbox' })}
            />
            <NumberInput
              label={t`Importe cobrado (${props.currency})`}
              description={
                catalogue === null ? (
                  t`Elige las entradas para ver su precio de catálogo.`
                ) : (
                  <>
                    {t`Precio de catálogo, con impuestos y gastos: ${formatMoney(catalogue, props.currency)}.`}
                    {amountTyped && !form.values.complimentary && (
                      <>
                        {' '}
                        <Anchor
                          component="button"
                          type="button"
                          size="xs"
                          onClick={() => setAmountTyped(false)}
                        >
                          <Trans>Usar el precio de catálogo</Trans>
                        </Anchor>
                      </>
                    )}
                  </>
                )
              }
              clampBehavior="none"
              {...amountFieldProps()}
              disabled={form.values.complimentary}
              {...amountInput}
              value={amount}
              onChange={(value) => {
                setAmountTyped(true);
                amountInput.onChange(value);
              }}
            />
            <Checkbox
              label={t`Enviar la confirmación y las entradas por correo`}
              {...form.getInputProps('send_emails', { type: 'checkbox' })}
            />
            <FormActions
              onCancel={props.onClose}
              loading={create.isPending}
              submitLabel={<Trans>Crear pedido</Trans>}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
