import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { startStripePayment } from '../api.ts';
import { loadStripe, type StripeElements, type StripeInstance } from '../lib/stripe.ts';

/** Stripe Payment Element: the server creates the PaymentIntent; Stripe redirects back to payment_return. */
export function StripePayment(props: {
  eventId: string;
  shortId: string;
  amount: string;
  onError: (e: unknown) => void;
}) {
  const { t, i18n } = useLingui();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ instance: StripeInstance; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const { eventId, shortId, onError } = props;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      try {
        const { stripe: keys } = await startStripePayment(eventId, shortId);
        const instance = await loadStripe(keys.publishable_key, i18n.locale, keys.account_id);
        if (cancelled || !mountRef.current) return;
        const elements = instance.elements({ clientSecret: keys.client_secret, locale: i18n.locale });
        const element = elements.create('payment');
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        setStripe({ instance, elements });
      } catch (err) {
        if (!cancelled) {
          setError(errorMessage(err));
          onError(err);
        }
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [eventId, shortId, i18n.locale, onError]);

  const pay = async () => {
    if (!stripe) return;
    setPaying(true);
    setError(null);
    const returnUrl = `${window.location.origin}/checkout/${eventId}/${shortId}/payment_return`;
    const result = await stripe.instance.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: returnUrl },
    });
    // Only reached when Stripe did not redirect, i.e. the card was refused or the form is incomplete.
    setError(result.error?.message ?? t`No se ha podido procesar el pago.`);
    setPaying(false);
  };

  return (
    <Stack gap="sm">
      <div ref={mountRef} />
      {!stripe && !error && <Loader size="sm" />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button size="md" fullWidth disabled={!stripe} loading={paying} onClick={() => void pay()}>
        <Trans>Pagar {props.amount}</Trans>
      </Button>
    </Stack>
  );
}
