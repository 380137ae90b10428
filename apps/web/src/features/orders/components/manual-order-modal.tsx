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
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageLoader } from '../../../components/page-state.tsx';
import { useEventTickets } from '../../../lib/event-queries.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, minorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { isEmail, isPersonName } from '../../../lib/person-rules.ts';
import { useCreateManualOrder, useManualOrderPrice } from '../api.ts';

/** The form's name for a field the server names as the API does (`buyer.email`, `tickets.0.price_id`). */
const formField = (key: string) =>
  key === 'amount_paid_cents'
    ? 'amount_paid'
    : key.startsWith('buyer.')
      ? key.slice('buyer.'.length)
      : key.replace(/^tickets\.(\d+)(\..*)?$/, 'lines.$1.price_id');

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
  const nameRule = (v: string) => (isPersonName(v) ? null : t`Debe tener entre 1 y 50 caracteres.`);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      lines: [{ price_id: '', quantity: 1 as number | string }],
      amount_paid: '' as number | string,
      complimentary: false,
      send_emails: true,
    },
    validate: {
      first_name: nameRule,
      last_name: nameRule,
      email: (v) => (isEmail(v) ? null : t`Introduce un correo electrónico válido.`),
      lines: {
        price_id: (v) => (v ? null : t`Elige una entrada.`),
        quantity: (v) => (Number(v) >= 1 ? null : t`Al menos 1.`),
      },
      amount_paid: (v) => (v === '' ? null : moneyInputError(v, props.currency)),
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
  const price = useManualOrderPrice(props.eventId, chosen);
  const catalogue = chosen.length && price.data ? price.data.total_cents : null;
  // The amount shown is the catalogue total until the organizer types one of their own.
  const [amountTyped, setAmountTyped] = useState(false);
  const amountInput = form.getInputProps('amount_paid');
  const amount = form.values.complimentary
    ? 0
    : amountTyped || catalogue === null
      ? form.values.amount_paid
      : majorUnitsOf(catalogue, props.currency);
  const submit = form.onSubmit(async (v) => {
    try {
      const order = await create.mutateAsync({
        buyer: { first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim() },
        tickets: v.lines.map((l) => ({
          ticket_id: options.find((o) => o.value === l.price_id)?.ticketId ?? '',
          price_id: l.price_id,
          quantity: Number(l.quantity),
        })),
        ...(v.complimentary
          ? { complimentary: true }
          : amount === ''
            ? {}
            : { amount_paid_cents: minorUnitsOf(amount, props.currency) }),
        send_emails: v.send_emails,
      });
      notifications.show({ color: 'teal', message: t`Pedido ${order.short_id} creado.` });
      props.onCreated(order);
    } catch (error) {
      showSubmitError(error, {
        setErrors: (fields) =>
          form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [formField(k), v]))),
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
                  max={1000}
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
