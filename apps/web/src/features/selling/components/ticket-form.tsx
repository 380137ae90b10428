import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TicketPriceType } from '@taquilla/shared';
import type { TaxOrFee } from '@taquilla/shared/schemas/taxes';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney, formatPercent, toWallTime } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf } from '../../../lib/money-input.ts';
import { useSaveTicket } from '../api.ts';
import { scrollToFirstError } from '../lib/scroll-to-error.ts';
import { emptyTier, type TicketValues, ticketBody, ticketErrors } from '../lib/ticket-values.ts';
import { DateTimeInput } from './date-time-input.tsx';

export function TicketForm(props: {
  eventId: string;
  currency: string;
  timezone: string;
  ticket: Ticket | null;
  taxes: TaxOrFee[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveTicket(props.eventId);
  const { ticket, currency, timezone: tz } = props;
  const hasSales = !!ticket && ticket.quantity_sold + ticket.quantity_reserved > 0;

  const form = useForm<TicketValues>({
    initialValues: {
      name: ticket?.name ?? '',
      description: ticket?.description ?? '',
      type: (ticket?.type ?? 'PAID') as TicketPriceType,
      prices: ticket?.prices.map((p) => ({
        id: p.id,
        label: p.label ?? '',
        price_cents: majorUnitsOf(p.price_cents, currency) as number | string,
        quantity: (p.quantity ?? '') as number | string,
        sale_start_date: toWallTime(p.sale_start_date, tz),
        sale_end_date: toWallTime(p.sale_end_date, tz),
        is_hidden: p.is_hidden,
        sold: p.quantity_sold + p.quantity_reserved,
      })) ?? [emptyTier()],
      sale_start_date: toWallTime(ticket?.sale_start_date, tz),
      sale_end_date: toWallTime(ticket?.sale_end_date, tz),
      min_per_order: (ticket?.min_per_order ?? 1) as number | string,
      max_per_order: (ticket?.max_per_order ?? 100) as number | string,
      tax_ids: ticket?.tax_ids ?? props.taxes.filter((x) => x.is_default && x.is_active).map((x) => x.id),
      is_hidden: ticket?.is_hidden ?? false,
      hidden_unless_promo_code: ticket?.hidden_unless_promo_code ?? false,
      hide_before_sale_start: ticket?.hide_before_sale_start ?? false,
      hide_after_sale_end: ticket?.hide_after_sale_end ?? false,
      hide_when_sold_out: ticket?.hide_when_sold_out ?? false,
      show_quantity_remaining: ticket?.show_quantity_remaining ?? false,
      waitlist_enabled: ticket?.waitlist_enabled ?? false,
    },
    validate: (values) => ticketErrors(values, currency, tz),
  });
  const v = form.values;
  const tiered = v.type === 'TIERED';

  const setType = (type: TicketPriceType) => {
    form.setFieldValue('type', type);
    if (type !== 'TIERED' && v.prices.length > 1) form.setFieldValue('prices', v.prices.slice(0, 1));
  };

  const submit = form.onSubmit(async (values) => {
    const body = { id: ticket?.id, ...ticketBody(values, currency, tz) };
    try {
      await save.mutateAsync(body);
      notifications.show({ color: 'teal', message: ticket ? t`Entrada guardada` : t`Entrada creada` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
      scrollToFirstError();
    }
  }, scrollToFirstError);

  const priceLabel = v.type === 'DONATION' ? t`Importe mínimo` : t`Precio`;
  const moneyProps = {
    // No decimalScale: a decimal the currency lacks is an error, not cut off while typing; nor clamped.
    min: 0,
    clampBehavior: 'none' as const,
    ...amountFieldProps(),
    rightSection: (
      <Text size="xs" c="dimmed" pr={6}>
        {currency}
      </Text>
    ),
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={ticket ? t`Editar entrada` : t`Nueva entrada`}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Nombre`}
            placeholder={t`Entrada general`}
            required
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t`Descripción`}
            description={t`Se muestra bajo el nombre en la página del evento.`}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Tipo de precio</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              value={v.type}
              onChange={(x) => setType(x as TicketPriceType)}
              disabled={hasSales}
              data={[
                { value: 'PAID', label: t`De pago` },
                { value: 'FREE', label: t`Gratuita` },
                { value: 'DONATION', label: t`Donación` },
                { value: 'TIERED', label: t`Por tramos` },
              ]}
            />
            {hasSales && (
              <Text size="xs" c="dimmed">
                <Trans>El tipo no se puede cambiar porque la entrada ya tiene ventas.</Trans>
              </Text>
            )}
            {v.type === 'DONATION' && (
              <Text size="xs" c="dimmed">
                <Trans>El comprador elige cuánto paga, a partir del importe mínimo.</Trans>
              </Text>
            )}
          </Stack>

          {!tiered && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {v.type !== 'FREE' && (
                <NumberInput
                  label={priceLabel}
                  required
                  {...moneyProps}
                  {...form.getInputProps('prices.0.price_cents')}
                />
              )}
              <NumberInput
                label={t`Cantidad disponible`}
                placeholder={t`Ilimitada`}
                min={0}
                clampBehavior="none"
                allowDecimal={false}
                {...form.getInputProps('prices.0.quantity')}
              />
            </SimpleGrid>
          )}

          {tiered && (
            <Stack gap="sm">
              <Text size="sm" fw={500}>
                <Trans>Tramos de precio</Trans>
              </Text>
              {v.prices.map((p, i) => (
                <Card key={p.id ?? `new-${i}`} withBorder padding="sm" radius="md">
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="nowrap" gap="xs">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t`Nombre del tramo`}
                        placeholder={i === 0 ? t`Anticipada` : t`General`}
                        required
                        {...form.getInputProps(`prices.${i}.label`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={2}
                        aria-label={t`Eliminar tramo`}
                        disabled={v.prices.length === 1 || p.sold > 0}
                        title={p.sold > 0 ? t`Un tramo con ventas no se puede eliminar` : undefined}
                        onClick={() => form.removeListItem('prices', i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                      <NumberInput
                        label={t`Precio`}
                        required
                        {...moneyProps}
                        {...form.getInputProps(`prices.${i}.price_cents`)}
                      />
                      <NumberInput
                        label={t`Cantidad`}
                        placeholder={t`Ilimitada`}
                        min={0}
                        clampBehavior="none"
                        allowDecimal={false}
                        {...form.getInputProps(`prices.${i}.quantity`)}
                      />
                      <DateTimeInput
                        label={t`Inicio de venta del tramo`}
                        {...form.getInputProps(`prices.${i}.sale_start_date`)}
                      />
                      <DateTimeInput
                        label={t`Fin de venta del tramo`}
                        {...form.getInputProps(`prices.${i}.sale_end_date`)}
                      />
                    </SimpleGrid>
                    <Group justify="space-between">
                      <Switch
                        label={t`Ocultar este tramo`}
                        {...form.getInputProps(`prices.${i}.is_hidden`, { type: 'checkbox' })}
                      />
                      {p.sold > 0 && (
                        <Text size="xs" c="dimmed">
                          <Trans>{p.sold} vendidas o reservadas</Trans>
                        </Text>
                      )}
                    </Group>
                  </Stack>
                </Card>
              ))}
              {typeof form.errors.prices === 'string' && (
                <Text c="red" size="sm">
                  {form.errors.prices}
                </Text>
              )}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => form.insertListItem('prices', emptyTier())}
                style={{ alignSelf: 'flex-start' }}
              >
                <Trans>Añadir tramo</Trans>
              </Button>
            </Stack>
          )}

          <Divider label={t`Venta`} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimeInput
              label={t`Inicio de la venta`}
              placeholder={t`Desde ya`}
              {...form.getInputProps('sale_start_date')}
            />
            <DateTimeInput
              label={t`Fin de la venta`}
              placeholder={t`Hasta el evento`}
              {...form.getInputProps('sale_end_date')}
            />
            <NumberInput
              label={t`Mínimo por pedido`}
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('min_per_order')}
            />
            <NumberInput
              label={t`Máximo por pedido`}
              min={1}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('max_per_order')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            <Trans>Horas en la zona horaria del evento ({tz}).</Trans>
          </Text>

          <Divider label={t`Impuestos y comisiones`} labelPosition="left" />
          {props.taxes.length === 0 ? (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              <Trans>La cuenta no tiene impuestos ni comisiones configurados.</Trans>
            </Alert>
          ) : (
            <Checkbox.Group {...form.getInputProps('tax_ids')}>
              <Stack gap={6}>
                {props.taxes.map((x) => (
                  <Checkbox
                    key={x.id}
                    value={x.id}
                    disabled={!x.is_active}
                    label={`${x.name} · ${
                      x.calculation === 'PERCENTAGE' ? formatPercent(x.value) : formatMoney(x.value, currency)
                    }`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}

          <Divider label={t`Visibilidad`} labelPosition="left" />
          <Stack gap="xs">
            <Switch label={t`Ocultar entrada`} {...form.getInputProps('is_hidden', { type: 'checkbox' })} />
            <Switch
              label={t`Oculta salvo con código promocional`}
              description={t`Solo aparece al aplicar un código que la desbloquee.`}
              {...form.getInputProps('hidden_unless_promo_code', { type: 'checkbox' })}
            />
            <Switch
              label={t`Ocultar antes del inicio de la venta`}
              {...form.getInputProps('hide_before_sale_start', { type: 'checkbox' })}
            />
            <Switch
              label={t`Ocultar cuando termine la venta`}
              {...form.getInputProps('hide_after_sale_end', { type: 'checkbox' })}
            />
            <Switch
              label={t`Ocultar cuando se agote`}
              {...form.getInputProps('hide_when_sold_out', { type: 'checkbox' })}
            />
            <Switch
              label={t`Mostrar las entradas restantes`}
              {...form.getInputProps('show_quantity_remaining', { type: 'checkbox' })}
            />
            <Switch
              label={t`Lista de espera cuando se agote`}
              description={t`Los compradores pueden apuntarse y reciben las entradas que queden libres, por orden.`}
              {...form.getInputProps('waitlist_enabled', { type: 'checkbox' })}
            />
          </Stack>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" loading={save.isPending}>
              {ticket ? <Trans>Guardar cambios</Trans> : <Trans>Crear entrada</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
