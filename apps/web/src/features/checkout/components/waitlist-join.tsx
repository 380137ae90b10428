import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_LOCALE, isLocale, type PublicTicket } from '@taquilla/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { joinWaitlist } from '../lib/public-event-api.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/**
 * "Join the waiting list" for a sold-out ticket (tier) whose organizer enabled it: shown by the ticket
 * selector instead of the stepper, on the event page and in the widget.
 */
export function WaitlistJoin(props: {
  eventId: string;
  ticket: PublicTicket;
  priceId: string;
  /** The date of the page, on an event with dates (#27): the entry waits for it. */
  dateId?: string | null;
  accent?: string;
}) {
  const { ticket } = props;
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState(Math.max(1, ticket.min_per_order));
  const [consent, setConsent] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Alert color="teal" data-testid="waitlist-joined">
        <Trans>Te has apuntado a la lista de espera. Te hemos enviado un correo de confirmación.</Trans>
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button variant="light" color={props.accent} onClick={() => setOpen(true)} data-testid="waitlist-open">
        <Trans>Apuntarme a la lista de espera</Trans>
      </Button>
    );
  }

  // An edited field loses its error at once, and so does the summary above the button (both were about the
  // old value).
  const clear = (field: string) => {
    setFields(({ [field]: _old, ...rest }) => rest);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    setError(null);
    setFields({});
    try {
      await joinWaitlist(props.eventId, {
        ticket_id: ticket.id,
        price_id: props.priceId,
        first_name: name,
        email,
        quantity,
        locale: isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE,
        consent,
        ...(props.dateId ? { event_date_id: props.dateId } : {}),
      });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFields(err.fields);
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="waitlist-form">
      <Stack gap="xs">
        <Text size="sm">
          <Trans>Te avisaremos por correo si quedan entradas libres, por orden de inscripción.</Trans>
        </Text>
        <TextInput
          label={t`Nombre`}
          autoComplete="given-name"
          required
          value={name}
          error={fields.first_name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clear('first_name');
          }}
        />
        <TextInput
          label={t`Correo electrónico`}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fields.email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            clear('email');
          }}
        />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            <Trans>Entradas que quieres</Trans>
          </Text>
          <QuantityStepper
            label={t`Entradas que quieres`}
            value={quantity}
            canDecrement={quantity > Math.max(1, ticket.min_per_order)}
            canIncrement={quantity < ticket.max_per_order}
            onDecrement={() => setQuantity((q) => q - 1)}
            onIncrement={() => setQuantity((q) => q + 1)}
          />
        </Group>
        {fields.quantity && (
          <Text size="xs" c="red.8">
            {fields.quantity}
          </Text>
        )}
        <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14 }}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => {
              setConsent(e.currentTarget.checked);
              clear('consent');
            }}
            style={{ marginTop: 3, width: 18, height: 18, flexShrink: 0 }}
            data-testid="waitlist-consent"
          />
          <span>
            <Trans>
              Acepto que el organizador me escriba a este correo para ofrecerme entradas de este evento.{' '}
              <a href={`/privacy/${props.eventId}`} target="_blank" rel="noreferrer">
                Aviso de privacidad
              </a>
            </Trans>
          </span>
        </label>
        {fields.consent && (
          <Text size="xs" c="red.8">
            {fields.consent}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={sending} color={props.accent} data-testid="waitlist-submit">
          <Trans>Apuntarme</Trans>
        </Button>
      </Stack>
    </form>
  );
}
