import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';

/** Groups digits in fours as the buyer types: "4242 4242 4242 4242". */
const formatCard = (raw: string) =>
  raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (raw: string) => {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * The simulated card of the `test` provider, clearly labelled as test mode. Only the number matters:
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
export function TestCardForm(props: {
  amount: string;
  paying: boolean;
  error: string | null;
  onPay: (cardNumber: string) => void;
}) {
  const { t } = useLingui();
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [tried, setTried] = useState(false);
  const digits = card.replace(/\D/g, '');
  const cardError =
    !tried || digits.length >= 12
      ? undefined
      : digits.length === 0
        ? t`Introduce el número de la tarjeta.`
        : t`El número de la tarjeta está incompleto.`;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (digits.length >= 12) props.onPay(digits);
        else focusFirstInvalid(e.currentTarget);
      }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="orange" variant="filled" data-testid="test-mode">
            <Trans>MODO DE PRUEBA</Trans>
          </Badge>
          <Text size="sm" c="dimmed">
            <Trans>No se hará ningún cargo real.</Trans>
          </Text>
        </Group>
        {/* A standing hint, not news: Mantine's Alert would have screen readers announce it on load. */}
        <Alert color="orange" variant="light" p="xs" role="note">
          <Text size="sm">
            <Trans>
              Usa la tarjeta 4242 4242 4242 4242 para un pago aceptado o 4000 0000 0000 0002 para un pago
              rechazado. Cualquier fecha futura y CVC sirven.
            </Trans>
          </Text>
        </Alert>
        <TextInput
          label={t`Número de tarjeta`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card}
          error={cardError}
          onChange={(e) => setCard(formatCard(e.currentTarget.value))}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={t`Caducidad`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t`MM/AA`}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.currentTarget.value))}
          />
          <TextInput
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          />
        </SimpleGrid>
        {props.error && (
          <Alert color="red" role="alert" title={t`El pago no se ha completado`}>
            {props.error}
          </Alert>
        )}
        <Button type="submit" size="md" loading={props.paying} fullWidth>
          {props.error ? (
            <Trans>Reintentar el pago de {props.amount}</Trans>
          ) : (
            <Trans>Pagar {props.amount}</Trans>
          )}
        </Button>
      </Stack>
    </form>
  );
}
