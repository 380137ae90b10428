import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend, IconTestPipe, IconUsers } from '@tabler/icons-react';
import {
  type AudienceType,
  MESSAGE_ORDER_STATUSES,
  type MessageAudience,
  type MessageInput,
  type MessageOrderStatus,
  messageAudience,
  messageInput,
} from '@taquilla/shared/schemas/messages';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatNumber, fromWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { DateTimeField } from '../../events/components/date-time-field.tsx';
import { RichTextField } from '../../events/components/rich-text-field.tsx';
import { useAttendeeOptions, useAudienceCount, useSendMessage } from '../api.ts';

interface Values {
  subject: string;
  body: string;
  audience: {
    type: AudienceType;
    ticket_ids: string[];
    attendee_ids: string[];
    order_statuses: MessageOrderStatus[];
    /** '' : every date. */
    event_date_id: string;
  };
  when: 'now' | 'later';
  send_at: string | null;
  acknowledged: boolean;
}

const needsTickets = (type: AudienceType) => type === 'TICKET_HOLDERS' || type === 'TICKET_ORDER_OWNERS';

/** The audience as the API takes it (both order states chosen: the default, left out). */
function audienceBody(a: Values['audience']): MessageAudience {
  return {
    type: a.type,
    ...(needsTickets(a.type) ? { ticket_ids: a.ticket_ids } : {}),
    ...(a.type === 'INDIVIDUAL_ATTENDEES' ? { attendee_ids: a.attendee_ids } : {}),
    ...(a.order_statuses.length === MESSAGE_ORDER_STATUSES.length
      ? {}
      : { order_statuses: a.order_statuses }),
    ...(a.event_date_id ? { event_date_id: a.event_date_id } : {}),
  };
}

/** The audience to count, or null while the shared schema finds it incomplete (no ticket chosen, …). */
function audienceOf(a: Values['audience']): MessageAudience | null {
  const body = audienceBody(a);
  return messageAudience.safeParse(body).success ? body : null;
}

/** What «Enviar» (or the test copy) sends; a time to send later that is not set yet is refused by the schema. */
function messageBody(v: Values, timezone: string, isTest: boolean): MessageInput {
  return {
    subject: v.subject,
    body: v.body,
    audience: audienceBody(v.audience),
    ...(v.acknowledged ? { acknowledged: true as const } : {}),
    ...(v.when === 'later' ? { send_at: fromWallTime(v.send_at, timezone) ?? '' } : {}),
    ...(isTest ? { is_test: true } : {}),
  };
}
const validateMessage = schemaValidate<MessageInput>(messageInput);

/** Compose a message: audience (with its size), subject, rich text, now or later, the acknowledgement. */
export function MessageComposer({
  eventId,
  timezone,
  tickets,
}: {
  eventId: string;
  timezone: string;
  tickets: { id: string; name: string }[];
}) {
  const { t } = useLingui();
  const send = useSendMessage(eventId);
  const [attendeeSearch, setAttendeeSearch] = useState('');
  const [attendeeQuery] = useDebouncedValue(attendeeSearch.trim(), 300);
  const form = useForm<Values>({
    initialValues: {
      subject: '',
      body: '',
      audience: {
        type: 'ALL_ATTENDEES',
        ticket_ids: [],
        attendee_ids: [],
        order_statuses: ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT'],
        event_date_id: '',
      },
      when: 'now',
      send_at: null,
      acknowledged: false,
    },
  });
  const v = form.getValues();
  const audience = audienceOf(v.audience);
  const [debouncedAudience] = useDebouncedValue(audience, 250);
  const count = useAudienceCount(eventId, debouncedAudience);
  const attendees = useAttendeeOptions(eventId, attendeeQuery);
  const [chosenLabels, setChosenLabels] = useState<Record<string, string>>({});
  const attendeeData = [
    ...(attendees.data ?? [])
      .filter((a) => a.status !== 'CANCELLED')
      .map((a) => ({ value: a.id, label: `${a.first_name} ${a.last_name} · ${a.email}` })),
  ];
  for (const id of v.audience.attendee_ids)
    if (!attendeeData.some((d) => d.value === id))
      attendeeData.push({ value: id, label: chosenLabels[id] ?? id });

  const audienceTypes: { value: AudienceType; label: string }[] = [
    { value: 'ALL_ATTENDEES', label: t`Todos los asistentes` },
    { value: 'TICKET_HOLDERS', label: t`Asistentes con ciertas entradas` },
    { value: 'INDIVIDUAL_ATTENDEES', label: t`Asistentes concretos` },
    { value: 'ORDER_OWNERS', label: t`Todos los compradores` },
    { value: 'TICKET_ORDER_OWNERS', label: t`Compradores de ciertas entradas` },
  ];

  const submit = async (isTest: boolean) => {
    const values = form.getValues();
    const body = messageBody(values, timezone, isTest);
    const errors = validateMessage(body);
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      const result = await send.mutateAsync(body);
      if ('is_test' in result) {
        notifications.show({ color: 'teal', message: t`Prueba enviada a ${result.sent_to}` });
        return;
      }
      notifications.show({
        color: 'teal',
        message:
          result.status === 'SCHEDULED' && values.when === 'later'
            ? t`Mensaje programado`
            : t`Mensaje enviado`,
      });
      form.reset();
    } catch (err) {
      showSubmitError(err, form);
    }
  };

  const recipients = count.data ?? 0;
  return (
    <Card withBorder radius="md" component="form" onSubmit={form.onSubmit(() => submit(false))} noValidate>
      <Stack gap="md">
        <Select
          label={t`Destinatarios`}
          data={audienceTypes}
          allowDeselect={false}
          {...form.getInputProps('audience.type')}
        />
        <DateFilter
          eventId={eventId}
          labelled
          value={v.audience.event_date_id}
          onChange={(id) => form.setFieldValue('audience.event_date_id', id ?? '')}
          error={form.errors['audience.event_date_id']}
        />
        {needsTickets(v.audience.type) && (
          <MultiSelect
            label={t`Entradas`}
            placeholder={t`Elige una o varias entradas`}
            data={tickets.map((tk) => ({ value: tk.id, label: tk.name }))}
            searchable
            {...form.getInputProps('audience.ticket_ids')}
          />
        )}
        {v.audience.type === 'INDIVIDUAL_ATTENDEES' && (
          <MultiSelect
            label={t`Asistentes`}
            placeholder={t`Busca por nombre o correo`}
            data={attendeeData}
            searchable
            searchValue={attendeeSearch}
            onSearchChange={setAttendeeSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t`Ningún asistente coincide`}
            {...form.getInputProps('audience.attendee_ids')}
            onChange={(ids) => {
              const labels = { ...chosenLabels };
              for (const d of attendeeData) if (ids.includes(d.value)) labels[d.value] = d.label;
              setChosenLabels(labels);
              form.setFieldValue('audience.attendee_ids', ids);
            }}
          />
        )}
        <Checkbox.Group
          label={t`Solo pedidos en estos estados`}
          {...form.getInputProps('audience.order_statuses')}
        >
          <Group mt={6}>
            <Checkbox value="COMPLETED" label={t`Completados`} />
            <Checkbox value="AWAITING_OFFLINE_PAYMENT" label={t`Pendientes de pago (sin conexión)`} />
          </Group>
        </Checkbox.Group>
        <Group gap={8} data-testid="recipient-count">
          <IconUsers size={18} color="var(--mantine-color-blue-6)" />
          <Text size="sm" fw={500}>
            {audience === null ? (
              <Trans>Elige a quién enviar el mensaje.</Trans>
            ) : recipients === 1 ? (
              <Trans>Este mensaje llegará a 1 persona.</Trans>
            ) : (
              <Trans>Este mensaje llegará a {formatNumber(recipients)} personas.</Trans>
            )}
          </Text>
        </Group>
        <TextInput label={t`Asunto`} required {...form.getInputProps('subject')} />
        <RichTextField
          label={t`Mensaje`}
          required
          value={v.body}
          onChange={(html) => form.setFieldValue('body', html)}
          error={form.errors.body}
        />
        <Stack gap={6}>
          <SegmentedControl
            data={[
              { value: 'now', label: t`Enviar ahora` },
              { value: 'later', label: t`Programar` },
            ]}
            {...form.getInputProps('when')}
            w="fit-content"
          />
          {v.when === 'later' && (
            <DateTimeField
              label={t`Fecha y hora del envío`}
              description={t`Hora del evento (${timezone})`}
              minDate={new Date()}
              maw={320}
              {...form.getInputProps('send_at')}
            />
          )}
        </Stack>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Checkbox
            label={t`Confirmo que este mensaje no es promocional: informa sobre el evento a quienes tienen entradas o pedidos.`}
            {...form.getInputProps('acknowledged', { type: 'checkbox' })}
          />
        </Alert>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconTestPipe size={16} />}
            loading={send.isPending && send.variables?.is_test === true}
            onClick={() => submit(true)}
          >
            <Trans>Enviarme una prueba</Trans>
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            disabled={audience !== null && count.isSuccess && recipients === 0}
            loading={send.isPending && !send.variables?.is_test}
          >
            {v.when === 'later' ? <Trans>Programar mensaje</Trans> : <Trans>Enviar mensaje</Trans>}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
