import { Trans } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { refreshPayment } from '../api.ts';
import { useCheckout } from '../lib/checkout-context.ts';

/** /checkout/:eventId/:orderShortId/payment_return — back from Stripe: ask the server what happened. */
export function PaymentReturnPage() {
  const { event, order, setOrder } = useCheckout();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [slow, setSlow] = useState(false);
  // Already decided (the page came with the order): straight to the summary, nothing to ask.
  const settled = order.status !== 'RESERVED';

  // The provider may still be processing: ask again every 2 s for about half a minute.
  useEffect(() => {
    if (settled) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    refreshPayment(event.id, order.short_id)
      .then((next) => {
        if (!active) return;
        setOrder(next);
        if (next.status !== 'RESERVED') navigate('../summary', { relative: 'path', replace: true });
        // Failed, or no payment was ever started (a bookmark, a reload after leaving the provider):
        // back to the payment step rather than "confirming" a payment that does not exist.
        else if (next.payment_status === 'PAYMENT_FAILED' || next.payment_status === null)
          navigate('../payment', { relative: 'path', replace: true });
        else if (attempt < 15) timer = setTimeout(() => setAttempt((n) => n + 1), 2000);
        else setSlow(true);
      })
      .catch((err) => active && setError(errorMessage(err)));
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [event.id, order.short_id, setOrder, navigate, attempt, settled]);

  if (settled) return <Navigate to="../summary" relative="path" replace />;

  if (error) {
    return (
      <Stack gap="sm">
        <Alert color="red" title={<Trans>No se ha podido procesar el pago</Trans>}>
          {error}
        </Alert>
        <Button component={Link} to="../payment" relative="path">
          <Trans>Volver al pago</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>
          <Trans>Estamos confirmando tu pago…</Trans>
        </Text>
        {slow && (
          <Text size="sm" c="dimmed" ta="center">
            <Trans>
              El pago está tardando más de lo normal. Te enviaremos un correo en cuanto se confirme; puedes
              cerrar esta página.
            </Trans>
          </Text>
        )}
      </Stack>
    </Center>
  );
}
