import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { PromoCode } from '@taquilla/shared/schemas/promo-codes';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { toWallTime } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { DatesMultiSelect } from '../../event-dates/components/dates-multi-select.tsx';
import { useSavePromoCode } from '../api.ts';
import { type PromoCodeFormValues, promoCodeBody, promoCodeErrors } from '../lib/promo-code-values.ts';
import { scrollToFirstError } from '../lib/scroll-to-error.ts';
import { DateTimeInput } from './date-time-input.tsx';
import { TicketSelect } from './ticket-select.tsx';

export function PromoCodeForm(props: {
  eventId: string;
  currency: string;
  timezone: string;
  item: PromoCode | null;
  tickets: Ticket[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSavePromoCode(props.eventId);
  const { item, currency, timezone: tz } = props;
  const form = useForm<PromoCodeFormValues>({
    initialValues: {
      code: item?.code ?? '',
      discount_type: item?.discount_type ?? 'PERCENTAGE',
      discount: item
        ? item.discount_type === 'FIXED'
          ? majorUnitsOf(item.discount, currency)
          : item.discount
        : '',
      ticket_ids: item?.ticket_ids ?? [],
      event_date_ids: item?.event_date_ids ?? [],
      expiry_date: toWallTime(item?.expiry_date, tz),
      max_uses: item?.max_uses ?? '',
    },
    // The shared schema's rules, as the server applies them: 150 % is refused here, never rounded down; a
    // fixed amount with more decimals than the currency has is said as such, not rounded.
    validate: (v) => {
      const digitsError =
        v.discount_type === 'FIXED' && v.discount !== '' && moneyInputError(v.discount, currency);
      if (digitsError) return { discount: digitsError };
      return promoCodeErrors(promoCodeBody(v, currency, tz));
    },
  });
  const type = form.values.discount_type;

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: item?.id, ...promoCodeBody(v, currency, tz) });
      notifications.show({ color: 'teal', message: t`Código guardado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
      scrollToFirstError();
    }
  }, scrollToFirstError);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={item ? t`Editar código` : t`Nuevo código promocional`}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Código`}
            description={t`Entre 3 y 50 caracteres, sin espacios. No distingue mayúsculas.`}
            placeholder="PRIMAVERA10"
            required
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('code')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Descuento</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'PERCENTAGE', label: t`Porcentaje` },
                { value: 'FIXED', label: t`Importe fijo` },
                { value: 'NONE', label: t`Solo desbloquea` },
              ]}
              {...form.getInputProps('discount_type')}
            />
            {type === 'NONE' && (
              <Text size="xs" c="dimmed">
                <Trans>No descuenta: sirve para mostrar entradas ocultas salvo con código.</Trans>
              </Text>
            )}
          </Stack>
          {type !== 'NONE' && (
            <NumberInput
              label={type === 'PERCENTAGE' ? t`Porcentaje de descuento` : t`Descuento por entrada`}
              clampBehavior="none"
              allowDecimal={type === 'FIXED'}
              {...amountFieldProps()}
              rightSection={
                <Text size="xs" c="dimmed" pr={6}>
                  {type === 'PERCENTAGE' ? '%' : currency}
                </Text>
              }
              required
              {...form.getInputProps('discount')}
            />
          )}
          <TicketSelect
            label={t`Entradas a las que se aplica`}
            placeholder={form.values.ticket_ids.length ? undefined : t`Todas las entradas`}
            description={t`No se aplica descuento a entradas gratuitas ni de donación.`}
            tickets={props.tickets}
            {...form.getInputProps('ticket_ids')}
          />
          <DatesMultiSelect
            eventId={props.eventId}
            known={item?.event_dates ?? []}
            description={t`Solo se puede usar en pedidos de estas fechas. Sin ninguna, en todas.`}
            value={form.values.event_date_ids}
            onChange={(ids) => form.setFieldValue('event_date_ids', ids)}
            error={form.errors.event_date_ids}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimeInput
              label={t`Caduca el`}
              placeholder={t`Sin caducidad`}
              {...form.getInputProps('expiry_date')}
            />
            <NumberInput
              label={t`Usos máximos`}
              placeholder={t`Ilimitados`}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('max_uses')}
            />
          </SimpleGrid>
          <FormActions onCancel={props.onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
