import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type EventSettings,
  type ManageEventDetail,
  ORDER_TIMEOUT_MAX,
  ORDER_TIMEOUT_MIN,
  ORDER_TIMEOUT_RECOMMENDED,
  updateEventSettingsSchema,
} from '@taquilla/shared/schemas/events';
import { MAX_CHANGE_HOURS, MAX_TRANSFERS_PER_TICKET } from '@taquilla/shared/schemas/ticket-changes';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { ChangeableWith } from '../../../components/read-only-fieldset.tsx';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime, toWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEvent, useOrganizers, useUpdateEvent, useUpdateSettings } from '../api.ts';
import { CoverUploader } from '../components/cover-uploader.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { InvoicingSection } from '../components/invoicing-section.tsx';
import { RichTextField } from '../components/rich-text-field.tsx';
import { CurrencySelect } from '../components/zone-currency-fields.tsx';

export function SettingsPage() {
  const { eventId } = useParams();
  const event = useEvent(eventId!);
  if (event.isError) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  return (
    <ChangeableWith permission="events:manage">
      <Stack gap="lg" maw={860}>
        <Title order={2} size="h3">
          <Trans>Ajustes del evento</Trans>
        </Title>
        <DetailsSection key={`d-${event.data.updated_at}`} event={event.data} />
        <Section id="portada" title={<Trans>Imagen de portada</Trans>}>
          <CoverUploader event={event.data} />
        </Section>
        <SettingsSections key={`s-${event.data.updated_at}`} event={event.data} />
        <InvoicingSection eventId={event.data.id} />
      </Stack>
    </ChangeableWith>
  );
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" id={id}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function SaveButton({ loading }: { loading: boolean }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button type="submit" loading={loading}>
        <Trans>Guardar</Trans>
      </Button>
    </Group>
  );
}

function DetailsSection({ event }: { event: ManageEventDetail }) {
  const { t } = useLingui();
  const organizers = useOrganizers();
  const update = useUpdateEvent(event.id);
  const loc = event.location;
  const form = useForm({
    initialValues: {
      name: event.name,
      organizer_id: event.organizer.id,
      description: event.description ?? '',
      start_date: toWallTime(event.start_date, event.timezone),
      end_date: toWallTime(event.end_date, event.timezone),
      timezone: event.timezone,
      currency: event.currency,
      venue_name: loc.venue_name ?? '',
      address_line_1: loc.address_line_1 ?? '',
      address_line_2: loc.address_line_2 ?? '',
      city: loc.city ?? '',
      region: loc.region ?? '',
      postal_code: loc.postal_code ?? '',
      country: loc.country ?? '',
      online_url: loc.online_url ?? '',
      latitude: loc.latitude ?? '',
      longitude: loc.longitude ?? '',
    },
  });
  const submit = form.onSubmit(async (v) => {
    const location = Object.fromEntries(
      (
        [
          'venue_name',
          'address_line_1',
          'address_line_2',
          'city',
          'region',
          'postal_code',
          'country',
          'online_url',
          'latitude',
          'longitude',
        ] as const
      )
        .map((k) => [k, v[k].trim()])
        .filter(([, value]) => value),
    );
    try {
      await update.mutateAsync({
        name: v.name,
        organizer_id: v.organizer_id,
        description: v.description || null,
        start_date: fromWallTime(v.start_date, v.timezone) ?? undefined,
        end_date: fromWallTime(v.end_date, v.timezone),
        timezone: v.timezone,
        currency: v.currency,
        location,
      });
      notifications.show({ color: 'teal', message: t`Detalles guardados` });
    } catch (error) {
      // Location fields come back as location.<field>.
      showSubmitError(error, {
        setErrors: (errors) =>
          form.setErrors(
            Object.fromEntries(Object.entries(errors).map(([k, m]) => [k.replace(/^location\./, ''), m])),
          ),
      });
    }
  });
  return (
    <Section id="detalles" title={<Trans>Detalles</Trans>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t`Nombre del evento`} required {...form.getInputProps('name')} />
          <Select
            label={t`Organizador`}
            required
            allowDeselect={false}
            data={(organizers.data ?? [{ id: event.organizer.id, name: event.organizer.name }]).map((o) => ({
              value: o.id,
              label: o.name,
            }))}
            {...form.getInputProps('organizer_id')}
          />
          <RichTextField
            label={t`Descripción`}
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField label={t`Empieza`} required {...form.getInputProps('start_date')} />
            <DateTimeField label={t`Termina`} {...form.getInputProps('end_date')} />
            <TimeZoneSelect {...form.getInputProps('timezone')} />
            <CurrencySelect {...form.getInputProps('currency')} />
          </SimpleGrid>
          <Title order={4} size="h5" mt="sm">
            <Trans>Lugar</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t`Nombre del recinto`} {...form.getInputProps('venue_name')} />
            <TextInput label={t`Dirección`} {...form.getInputProps('address_line_1')} />
            <TextInput label={t`Dirección (línea 2)`} {...form.getInputProps('address_line_2')} />
            <TextInput label={t`Ciudad`} {...form.getInputProps('city')} />
            <TextInput label={t`Provincia o región`} {...form.getInputProps('region')} />
            <TextInput label={t`Código postal`} {...form.getInputProps('postal_code')} />
            <TextInput label={t`País`} {...form.getInputProps('country')} />
            <TextInput
              label={t`Enlace del evento en línea`}
              placeholder="https://"
              description={t`Solo si el evento se celebra en línea.`}
              {...form.getInputProps('online_url')}
            />
            <TextInput
              label={t`Latitud`}
              placeholder="41.3744"
              inputMode="decimal"
              description={t`En grados decimales. Con la longitud, el móvil recuerda la entrada al llegar y el mapa señala el recinto.`}
              {...form.getInputProps('latitude')}
            />
            <TextInput
              label={t`Longitud`}
              placeholder="2.1700"
              inputMode="decimal"
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
          <SaveButton loading={update.isPending} />
        </Stack>
      </form>
    </Section>
  );
}

type SettingsForm = Omit<
  EventSettings,
  | 'post_checkout_message'
  | 'offline_payment_instructions'
  | 'seo_title'
  | 'seo_description'
  | 'seo_keywords'
  | 'support_email'
  | 'email_footer'
> &
  Record<
    | 'post_checkout_message'
    | 'offline_payment_instructions'
    | 'seo_title'
    | 'seo_description'
    | 'seo_keywords'
    | 'support_email'
    | 'email_footer',
    string
  >;

function SettingsSections({ event }: { event: ManageEventDetail }) {
  const { t } = useLingui();
  const save = useUpdateSettings(event.id);
  const me = useCurrentUser();
  const canPay = can(me.data, 'payments:manage');
  const s = event.settings;
  const form = useForm<SettingsForm>({
    initialValues: {
      ...s,
      post_checkout_message: s.post_checkout_message ?? '',
      offline_payment_instructions: s.offline_payment_instructions ?? '',
      seo_title: s.seo_title ?? '',
      seo_description: s.seo_description ?? '',
      seo_keywords: s.seo_keywords ?? '',
      support_email: s.support_email ?? '',
      email_footer: s.email_footer ?? '',
    },
  });
  /** Each card checks and saves only its own fields. */
  const submitFields = (fields: (keyof SettingsForm)[], done: string) =>
    form.onSubmit(async (values) => {
      const body = Object.fromEntries(
        fields.map((f) => [
          f,
          typeof values[f] === 'string' ? (values[f] as string).trim() || null : values[f],
        ]),
      );
      const errors = schemaValidate(updateEventSettingsSchema)(body);
      if (Object.keys(errors).length) {
        form.setErrors(errors);
        return;
      }
      try {
        await save.mutateAsync(body);
        notifications.show({ color: 'teal', message: done });
      } catch (error) {
        showSubmitError(error, form);
      }
    });
  const timeout = Number(form.values.order_timeout_minutes);

  return (
    <>
      <Section id="pedidos" title={<Trans>Pedidos</Trans>}>
        <form
          onSubmit={submitFields(
            ['order_timeout_minutes', 'attendee_details_mode', 'post_checkout_message'],
            t`Ajustes de pedidos guardados`,
          )}
          noValidate
        >
          <Stack gap="sm">
            <NumberInput
              label={t`Tiempo para completar el pedido (minutos)`}
              description={t`Recomendamos al menos ${ORDER_TIMEOUT_RECOMMENDED} minutos. Las entradas quedan reservadas durante este tiempo.`}
              min={ORDER_TIMEOUT_MIN}
              max={ORDER_TIMEOUT_MAX}
              clampBehavior="none"
              allowDecimal={false}
              maw={320}
              {...form.getInputProps('order_timeout_minutes')}
            />
            {timeout > 0 && timeout < ORDER_TIMEOUT_RECOMMENDED && (
              <Alert color="yellow" variant="light">
                <Trans>Con menos de 15 minutos, algunos compradores no llegarán a terminar el pago.</Trans>
              </Alert>
            )}
            <Radio.Group label={t`Datos de los asistentes`} {...form.getInputProps('attendee_details_mode')}>
              <Stack gap={6} mt={6}>
                <Radio value="PER_TICKET" label={t`Pedir nombre y correo de cada asistente`} />
                <Radio value="PER_ORDER" label={t`Usar los datos del comprador para todas las entradas`} />
              </Stack>
            </Radio.Group>
            <Textarea
              label={t`Mensaje tras la compra`}
              description={t`Se muestra en la página de confirmación del pedido.`}
              autosize
              minRows={2}
              {...form.getInputProps('post_checkout_message')}
            />
            <SaveButton loading={save.isPending} />
          </Stack>
        </form>
      </Section>

      {canPay && (
        <Section id="pagos" title={<Trans>Pagos</Trans>}>
          <form
            onSubmit={submitFields(
              ['payment_providers', 'offline_payment_instructions'],
              t`Ajustes de pago guardados`,
            )}
            noValidate
          >
            <Stack gap="sm">
              <Checkbox.Group
                label={t`Métodos de pago aceptados`}
                {...form.getInputProps('payment_providers')}
              >
                <Stack gap={6} mt={6}>
                  <Checkbox value="stripe" label={t`Tarjeta (Stripe)`} />
                  <Checkbox value="offline" label={t`Pago sin conexión (transferencia, pago en taquilla…)`} />
                  <Checkbox value="test" label={t`Pagos de prueba (simulados, no se cobra nada)`} />
                </Stack>
              </Checkbox.Group>
              {form.values.payment_providers.includes('offline') && (
                <Textarea
                  label={t`Instrucciones para el pago sin conexión`}
                  description={t`Se muestran al comprador y en el correo del pedido.`}
                  autosize
                  minRows={3}
                  required
                  {...form.getInputProps('offline_payment_instructions')}
                />
              )}
              <SaveButton loading={save.isPending} />
            </Stack>
          </form>
        </Section>
      )}

      <Section id="seo" title={<Trans>SEO</Trans>}>
        <form
          onSubmit={submitFields(
            ['seo_title', 'seo_description', 'seo_keywords', 'allow_indexing'],
            t`Ajustes de SEO guardados`,
          )}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label={t`Título para buscadores`}
              maxLength={150}
              {...form.getInputProps('seo_title')}
            />
            <Textarea
              label={t`Descripción para buscadores`}
              maxLength={300}
              autosize
              minRows={2}
              {...form.getInputProps('seo_description')}
            />
            <TextInput
              label={t`Palabras clave`}
              description={t`Separadas por comas.`}
              {...form.getInputProps('seo_keywords')}
            />
            <Switch
              label={t`Permitir que los buscadores indexen la página del evento`}
              {...form.getInputProps('allow_indexing', { type: 'checkbox' })}
            />
            <SaveButton loading={save.isPending} />
          </Stack>
        </form>
      </Section>

      <Section id="cambios" title={<Trans>Cambios de datos y transferencias</Trans>}>
        <form
          onSubmit={submitFields(
            [
              'attendee_edits_allowed',
              'attendee_edits_until_hours',
              'transfers_allowed',
              'transfers_until_hours',
              'max_transfers_per_ticket',
            ],
            t`Ajustes de cambios y transferencias guardados`,
          )}
          noValidate
        >
          <Stack gap="sm">
            <Switch
              label={t`Los asistentes pueden corregir su nombre y sus respuestas desde la página de su entrada`}
              {...form.getInputProps('attendee_edits_allowed', { type: 'checkbox' })}
            />
            {form.values.attendee_edits_allowed && (
              <NumberInput
                label={t`Hasta cuántas horas antes del inicio`}
                min={0}
                max={MAX_CHANGE_HOURS}
                clampBehavior="none"
                allowDecimal={false}
                maw={320}
                {...form.getInputProps('attendee_edits_until_hours')}
              />
            )}
            <Switch
              label={t`Los asistentes pueden transferir su entrada a otra persona`}
              description={t`La entrada recibe un código nuevo y el anterior deja de valer en la puerta.`}
              {...form.getInputProps('transfers_allowed', { type: 'checkbox' })}
            />
            {form.values.transfers_allowed && (
              <Group gap="sm" align="flex-start">
                <NumberInput
                  label={t`Hasta cuántas horas antes del inicio`}
                  min={0}
                  max={MAX_CHANGE_HOURS}
                  clampBehavior="none"
                  allowDecimal={false}
                  maw={320}
                  {...form.getInputProps('transfers_until_hours')}
                />
                <NumberInput
                  label={t`Transferencias como máximo por entrada`}
                  min={1}
                  max={MAX_TRANSFERS_PER_TICKET}
                  clampBehavior="none"
                  allowDecimal={false}
                  maw={320}
                  {...form.getInputProps('max_transfers_per_ticket')}
                />
              </Group>
            )}
            <SaveButton loading={save.isPending} />
          </Stack>
        </form>
      </Section>

      <Section id="correo" title={<Trans>Correo electrónico</Trans>}>
        <form
          onSubmit={submitFields(
            ['support_email', 'email_footer', 'attach_ticket_pdf'],
            t`Ajustes de correo guardados`,
          )}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label={t`Correo de atención al cliente`}
              description={t`Los compradores pueden responder a este correo.`}
              type="email"
              {...form.getInputProps('support_email')}
            />
            <Textarea
              label={t`Pie de los correos`}
              autosize
              minRows={2}
              {...form.getInputProps('email_footer')}
            />
            <Switch
              label={t`Adjuntar las entradas en PDF a los correos de confirmación y de entrada`}
              description={t`Los compradores pueden descargarlas siempre desde la página de su entrada.`}
              {...form.getInputProps('attach_ticket_pdf', { type: 'checkbox' })}
            />
            <SaveButton loading={save.isPending} />
          </Stack>
        </form>
      </Section>
    </>
  );
}
