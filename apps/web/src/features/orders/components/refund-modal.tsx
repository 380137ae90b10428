import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { parseMinorUnits } from '@taquilla/shared/money';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { type RefundOrderInput, refundOrderInput } from '@taquilla/shared/schemas/orders';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, moneyInputError } from '../../../lib/money-input.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useRefundOrder } from '../api.ts';
import { providerLabel } from '../lib/labels.ts';

type Values = { amount: number | string; cancel_order: boolean; notify_buyer: boolean; reason: string };

const validateRefund = schemaValidate<RefundOrderInput>(refundOrderInput, {
  fields: { amount_cents: 'amount' },
});

/** Refund all or part of what was paid, through the provider that took it; says what will happen first. */
export function RefundModal(props: { order: OrganizerOrder; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const refund = useRefundOrder(props.order.event_id);
  const { order } = props;
  const max = majorUnitsOf(order.refundable_cents, order.currency);
  // The field gives a number, or the text being typed while it is not one yet (no amount: NaN).
  const toCents = (v: number | string) => {
    const read = parseMinorUnits(v === '' ? 0 : v, order.currency);
    return read.ok ? read.value : Number.NaN;
  };
  const body = (v: Values): RefundOrderInput => ({
    amount_cents: toCents(v.amount),
    cancel_order: v.cancel_order,
    notify_buyer: v.notify_buyer,
    reason: v.reason.trim() || null,
  });
  const form = useForm<Values>({
    initialValues: { amount: max, cancel_order: false, notify_buyer: true, reason: '' },
    // Said while typing: an amount out of range never shows as what «Devolver» would do.
    validateInputOnChange: ['amount'],
    // The shared schema judges the body; what this order still holds is the server's figure in the order.
    validate: (v) => {
      const format = moneyInputError(v.amount, order.currency);
      if (format) return { amount: format };
      const errors = validateRefund(body(v));
      if (!errors.amount && toCents(v.amount) > order.refundable_cents)
        errors.amount = t`Indica un importe entre 0 y ${formatMoney(order.refundable_cents, order.currency)}.`;
      return errors;
    },
  });
  const cents = toCents(form.values.amount);
  const inRange = cents > 0 && cents <= order.refundable_cents;
  const provider = order.payments.find((p) => p.status === 'SUCCEEDED')?.provider ?? null;
  const submit = form.onSubmit(async (v) => {
    try {
      const updated = await refund.mutateAsync({ orderId: order.id, body: body(v) });
      notifications.show({
        color: updated.refund_status === 'REFUND_FAILED' ? 'red' : 'teal',
        message:
          updated.refund_status === 'REFUND_FAILED'
            ? t`La devolución ha fallado. Revisa el registro de actividad.`
            : updated.refund_status === 'REFUND_PENDING'
              ? t`Devolución solicitada: se confirmará cuando el proveedor la procese.`
              : t`Devolución realizada.`,
      });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form, { fields: { amount_cents: 'amount' } });
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={t`Devolver dinero`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Pedido {order.short_id}: se puede devolver hasta{' '}
              {formatMoney(order.refundable_cents, order.currency)}.
            </Trans>
          </Text>
          <NumberInput
            label={t`Importe a devolver (${order.currency})`}
            min={0}
            max={max}
            {...amountFieldProps()}
            required
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Textarea label={t`Motivo (solo lo ves tú)`} {...form.getInputProps('reason')} />
          <Checkbox
            label={t`Cancelar también el pedido (sus entradas dejan de valer y vuelven a la venta)`}
            {...form.getInputProps('cancel_order', { type: 'checkbox' })}
          />
          <Checkbox
            label={t`Avisar al comprador por correo`}
            {...form.getInputProps('notify_buyer', { type: 'checkbox' })}
          />
          <Alert color="orange" variant="light">
            {inRange ? (
              <Trans>
                Se devolverán {formatMoney(cents, order.currency)} mediante {providerLabel(provider, i18n)}.
                Esta acción no se puede deshacer.
              </Trans>
            ) : (
              <Trans>
                La devolución se hará mediante {providerLabel(provider, i18n)}. Esta acción no se puede
                deshacer.
              </Trans>
            )}
            {provider === 'offline' && (
              <Text size="sm" mt={4}>
                <Trans>
                  Es un pago offline: haz tú la devolución (transferencia o efectivo); aquí solo queda
                  anotada.
                </Trans>
              </Text>
            )}
          </Alert>
          <FormActions
            onCancel={props.onClose}
            loading={refund.isPending}
            submitLabel={
              inRange ? <Trans>Devolver {formatMoney(cents, order.currency)}</Trans> : <Trans>Devolver</Trans>
            }
          />
        </Stack>
      </form>
    </Modal>
  );
}
