import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { PaymentProvider } from '@taquilla/shared';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { errorCode, payOffline, payWithTestCard } from '../api.ts';
import { OrderItems } from '../components/order-items.tsx';
import { StripeInNewTab } from '../components/stripe-new-tab.tsx';
import { StripePayment } from '../components/stripe-payment.tsx';
import { TestCardForm } from '../components/test-card-form.tsx';
import { EXPIRED_CODES, useCheckout } from '../lib/checkout-context.ts';
import { useEmbedded } from '../lib/embedded.ts';
import { useFormat } from '../lib/page-format.ts';

const PROVIDER_LABELS: Record<PaymentProvider, MessageDescriptor> = {
  test: msg`Tarjeta (modo de prueba)`,
  stripe: msg`Tarjeta de crédito o débito`,
  offline: msg`Transferencia o pago en el evento`,
};

/** /checkout/:eventId/:orderShortId/payment — the event's payment methods. */
export function PaymentPage() {
  const { event, order, setOrder, markExpired } = useCheckout();
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const embedded = useEmbedded();
  const providers = event.settings.payment_providers.length
    ? event.settings.payment_providers
    : (['test'] as const);
  const [provider, setProvider] = useState<PaymentProvider>(providers[0]);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = useFormat().money(order.total_cents, order.currency);

  const fail = useCallback(
    (err: unknown) => {
      if (EXPIRED_CODES.has(errorCode(err) ?? '')) markExpired();
      else setError(errorMessage(err));
    },
    [markExpired],
  );

  if (order.status !== 'RESERVED') return <Navigate to="../summary" relative="path" replace />;
  if (!order.email) return <Navigate to="../details" relative="path" replace />;

  const done = (next: typeof order) => {
    setOrder(next);
    navigate('../summary', { relative: 'path' });
  };

  const payTest = async (card: string) => {
    setPaying(true);
    setError(null);
    try {
      done(await payWithTestCard(event.id, order.short_id, card));
    } catch (err) {
      // PAYMENT_FAILED keeps the reservation: the buyer may try again.
      fail(err);
      setPaying(false);
    }
  };

  const confirmOffline = async () => {
    setPaying(true);
    setError(null);
    try {
      done(await payOffline(event.id, order.short_id));
    } catch (err) {
      fail(err);
      setPaying(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Pago</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <OrderItems order={order} />
      </Paper>
      {providers.length > 1 && (
        <Radio.Group
          label={t`Forma de pago`}
          value={provider}
          onChange={(v) => {
            setProvider(v as PaymentProvider);
            setError(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {providers.map((p) => (
              <Paper key={p} withBorder p="sm" radius="md">
                <Radio value={p} label={i18n._(PROVIDER_LABELS[p])} />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Paper withBorder p="md" radius="md">
        {provider === 'test' && (
          <TestCardForm amount={amount} paying={paying} error={error} onPay={(c) => void payTest(c)} />
        )}
        {provider === 'stripe' &&
          (embedded ? (
            <StripeInNewTab eventId={event.id} shortId={order.short_id} amount={amount} />
          ) : (
            <StripePayment eventId={event.id} shortId={order.short_id} amount={amount} onError={fail} />
          ))}
        {provider === 'offline' && (
          <Stack gap="sm">
            <Text fw={600}>
              <Trans>Pago fuera de línea</Trans>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {event.settings.offline_payment_instructions ||
                t`El organizador te indicará cómo pagar. Tus entradas quedan reservadas hasta que confirme el pago.`}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button size="md" fullWidth loading={paying} onClick={() => void confirmOffline()}>
              <Trans>Confirmar pedido</Trans>
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
