import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PublicQuestion } from '@taquilla/shared';
import { type OrderDetailsInput, orderDetailsForm } from '@taquilla/shared/schemas/checkout';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { errorCode, updateOrderDetails } from '../api.ts';
import { OrderItems } from '../components/order-items.tsx';
import { givenAnswers, QuestionField, unansweredErrors } from '../components/question-field.tsx';
import { EXPIRED_CODES, useCheckout } from '../lib/checkout-context.ts';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';

interface AttendeeSlot {
  ticket_id: string;
  price_id: string;
  ticket_name: string;
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, unknown>;
}

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  email_confirmation: string;
  answers: Record<string, unknown>;
  attendees: AttendeeSlot[];
  needs_invoice: boolean;
  invoice: { name: string; tax_id: string; address: string };
}

const forTicket = (q: PublicQuestion, ticketId: string) =>
  q.belongs_to === 'ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(ticketId));

/** What the details step sends: text trimmed, unanswered questions left out, the buyer's details copied
 * to every ticket when the event asks them once per order. */
function detailsBody(v: Values, perTicket: boolean): OrderDetailsInput {
  const buyer = { first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim() };
  return {
    ...buyer,
    email_confirmation: v.email_confirmation.trim(),
    answers: givenAnswers(v.answers),
    attendees: v.attendees.map((a) => ({
      ticket_id: a.ticket_id,
      price_id: a.price_id,
      ...(perTicket
        ? { first_name: a.first_name.trim(), last_name: a.last_name.trim(), email: a.email.trim() }
        : buyer),
      answers: givenAnswers(a.answers),
    })),
    ...(v.needs_invoice
      ? {
          invoice: {
            name: v.invoice.name.trim(),
            tax_id: v.invoice.tax_id.trim(),
            address: v.invoice.address.trim(),
          },
        }
      : {}),
  };
}
const validateDetails = schemaValidate<OrderDetailsInput>(orderDetailsForm);
/** A ticket holder's copied details, in the buyer's fields already said under those. */
const copiedHolderField = /^attendees\.\d+\.(first_name|last_name|email)$/;

/** /checkout/:eventId/:orderShortId/details — buyer, per-order answers, and one block per ticket. */
export function DetailsPage() {
  const { event, order, setOrder, markExpired } = useCheckout();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const perTicket = event.settings.attendee_details_mode !== 'PER_ORDER';
  const orderQuestions = event.questions.filter((q) => q.belongs_to === 'ORDER');

  const saved = order.saved_details;
  const unsaved = [...(saved?.attendees ?? [])];
  const form = useForm<Values>({
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
      email_confirmation: order.email ?? '',
      answers: saved?.answers ?? {},
      attendees: order.items.flatMap((item) =>
        Array.from({ length: item.quantity }, () => {
          // Back from the payment step: each ticket's holder as the buyer gave it.
          const i = unsaved.findIndex((a) => a.ticket_id === item.ticket_id && a.price_id === item.price_id);
          const [holder] = i < 0 ? [] : unsaved.splice(i, 1);
          return {
            ticket_id: item.ticket_id,
            price_id: item.price_id,
            ticket_name: item.price_label ? `${item.ticket_name} – ${item.price_label}` : item.ticket_name,
            first_name: holder?.first_name ?? '',
            last_name: holder?.last_name ?? '',
            email: holder?.email ?? '',
            answers: holder?.answers ?? {},
          };
        }),
      ),
      needs_invoice: false,
      invoice: { name: '', tax_id: '', address: '' },
    },
    // The shared schema judges the body this step sends (as the server will), then the required questions.
    validate: (v) => {
      const errors = validateDetails(detailsBody(v, perTicket));
      if (!perTicket)
        for (const key of Object.keys(errors)) if (copiedHolderField.test(key)) delete errors[key];
      Object.assign(errors, unansweredErrors(orderQuestions, v.answers, 'answers'));
      v.attendees.forEach((a, i) => {
        const asked = event.questions.filter((q) => forTicket(q, a.ticket_id));
        Object.assign(errors, unansweredErrors(asked, a.answers, `attendees.${i}.answers`));
      });
      return errors;
    },
  });

  // The server rendered these fields: what the buyer typed before the script took them over is kept
  // (React leaves it on screen but does not tell the form). A no-op once the fields are the form's.
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    const fields = formRef.current?.querySelectorAll<HTMLInputElement>('input[data-path]') ?? [];
    for (const input of fields) {
      const path = input.dataset.path ?? '';
      const value = getPath(getValues(), path);
      if (
        typeof value === 'string' &&
        input.type !== 'checkbox' &&
        input.type !== 'radio' &&
        input.value !== value
      )
        setFieldValue(path, input.value as never);
    }
  }, [getValues, setFieldValue]);

  if (order.status !== 'RESERVED') return <Navigate to="../summary" relative="path" replace />;

  const copyBuyer = (i: number) => {
    const v = form.getValues();
    form.setFieldValue(`attendees.${i}.first_name`, v.first_name);
    form.setFieldValue(`attendees.${i}.last_name`, v.last_name);
    form.setFieldValue(`attendees.${i}.email`, v.email);
  };

  const submit = form.onSubmit(
    async (v) => {
      setSaving(true);
      try {
        const updated = await updateOrderDetails(event.id, order.short_id, detailsBody(v, perTicket));
        setOrder(updated);
        navigate(updated.status === 'RESERVED' ? '../payment' : '../summary', { relative: 'path' });
        // The next step renders in a transition: a buyer who goes back before it shows finds this page
        // still mounted, and its button must not spin forever.
        setSaving(false);
      } catch (err) {
        if (EXPIRED_CODES.has(errorCode(err) ?? '')) markExpired();
        else {
          showSubmitError(err, form);
          focusFirstInvalid(formRef.current);
        }
        setSaving(false);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  const answerProps = (path: string, q: PublicQuestion) => ({
    question: q,
    value: getPath(form.values, path),
    error: form.errors[path],
    onChange: (value: unknown) => form.setFieldValue(path, value as never),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Tus datos</Trans>
        </Title>
        <Paper withBorder p="md" radius="md">
          <OrderItems order={order} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Datos del comprador</Trans>
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t`Nombre`}
                required
                autoComplete="given-name"
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t`Apellidos`}
                required
                autoComplete="family-name"
                {...form.getInputProps('last_name')}
              />
            </SimpleGrid>
            <TextInput
              label={t`Correo electrónico`}
              description={t`Te enviaremos aquí la confirmación y las entradas.`}
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t`Confirma el correo electrónico`}
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email_confirmation')}
            />
            {orderQuestions.map((q) => (
              <QuestionField key={q.id} {...answerProps(`answers.${q.id}`, q)} />
            ))}
          </Stack>
        </Paper>

        {form.values.attendees.map((a, i) => {
          const questions = event.questions.filter((q) => forTicket(q, a.ticket_id));
          if (!perTicket && questions.length === 0) return null;
          return (
            <Paper key={i} withBorder p="md" radius="md" data-testid="attendee-block">
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h5">
                    <Trans>
                      Entrada {i + 1}: {a.ticket_name}
                    </Trans>
                  </Title>
                  {perTicket && (
                    <Button variant="light" size="compact-sm" onClick={() => copyBuyer(i)}>
                      <Trans>Usar mis datos</Trans>
                    </Button>
                  )}
                </Group>
                {perTicket && (
                  <>
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                      <TextInput
                        label={t`Nombre`}
                        required
                        {...form.getInputProps(`attendees.${i}.first_name`)}
                      />
                      <TextInput
                        label={t`Apellidos`}
                        required
                        {...form.getInputProps(`attendees.${i}.last_name`)}
                      />
                    </SimpleGrid>
                    <TextInput
                      label={t`Correo electrónico`}
                      type="email"
                      required
                      {...form.getInputProps(`attendees.${i}.email`)}
                    />
                  </>
                )}
                {questions.map((q) => (
                  <QuestionField key={q.id} {...answerProps(`attendees.${i}.answers.${q.id}`, q)} />
                ))}
              </Stack>
            </Paper>
          );
        })}

        {event.settings.invoicing && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Checkbox
                label={t`Necesito factura`}
                error={form.errors.invoice}
                {...form.getInputProps('needs_invoice', { type: 'checkbox' })}
              />
              {form.values.needs_invoice && (
                <>
                  <TextInput
                    label={t`Nombre o razón social`}
                    required
                    autoComplete="organization"
                    {...form.getInputProps('invoice.name')}
                  />
                  <TextInput
                    label={t`NIF, NIE, CIF o número de IVA de la UE`}
                    required
                    {...form.getInputProps('invoice.tax_id')}
                  />
                  <Textarea
                    label={t`Dirección`}
                    required
                    autosize
                    minRows={2}
                    autoComplete="street-address"
                    {...form.getInputProps('invoice.address')}
                  />
                </>
              )}
            </Stack>
          </Paper>
        )}

        {Object.keys(form.errors).length > 0 && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            <Trans>Revisa los datos marcados en rojo.</Trans>
          </Text>
        )}
        <Button type="submit" size="md" loading={saving} fullWidth>
          {order.total_cents === 0 ? <Trans>Confirmar pedido</Trans> : <Trans>Continuar al pago</Trans>}
        </Button>
      </Stack>
    </form>
  );
}

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}
