import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type CreateEventInput, createEventInput } from '@taquilla/shared/schemas/events';
import { type CreateOrganizerInput, createOrganizerSchema } from '@taquilla/shared/schemas/organizers';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useCreateEvent, useCreateOrganizer, useEventDefaults, useOrganizers } from '../api.ts';
import { DateTimeField } from './date-time-field.tsx';
import { CurrencySelect } from './zone-currency-fields.tsx';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** Plain text from the modal becomes paragraphs; the settings page has the full editor. */
const toParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

type Values = {
  name: string;
  organizer_id: string;
  organizer_name: string;
  start_date: string | null;
  end_date: string | null;
  timezone: string;
  currency: string;
  description: string;
};

const eventBody = (v: Values, organizerId: string): CreateEventInput => ({
  name: v.name.trim(),
  organizer_id: organizerId,
  // Null while the field is empty: the schema refuses it («Indica cuándo empieza»).
  start_date: fromWallTime(v.start_date, v.timezone) as string,
  end_date: fromWallTime(v.end_date, v.timezone),
  timezone: v.timezone,
  currency: v.currency,
  description: v.description.trim() ? toParagraphs(v.description) : null,
});
const validateEvent = schemaValidate<CreateEventInput>(createEventInput);
/** The organizer created with the event when there is none to choose: its name under «Organizador». */
const organizerField = { name: 'organizer_name' };
const validateOrganizer = schemaValidate<CreateOrganizerInput>(createOrganizerSchema, {
  fields: organizerField,
});

export function CreateEventModal({
  opened,
  onClose,
  organizerId,
}: {
  opened: boolean;
  onClose: () => void;
  organizerId?: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const organizers = useOrganizers();
  const defaults = useEventDefaults();
  const createEvent = useCreateEvent();
  const createOrganizer = useCreateOrganizer();
  const noOrganizers = organizers.isSuccess && organizers.data.length === 0;
  const [newOrganizer, setNewOrganizer] = useState(false);
  const inlineOrganizer = noOrganizers || newOrganizer;

  const form = useForm<Values>({
    initialValues: {
      name: '',
      organizer_id: organizerId ?? '',
      organizer_name: '',
      start_date: null,
      end_date: null,
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: '',
    },
    validate: (v) => {
      const errors = validateEvent(eventBody(v, v.organizer_id));
      if (!inlineOrganizer) return errors;
      // The organizer does not exist yet: its name is judged instead of its id.
      const { organizer_id: _, ...rest } = errors;
      return { ...rest, ...validateOrganizer({ name: v.organizer_name.trim() }) };
    },
  });

  // Defaults and a single organizer fill the form once they arrive.
  useEffect(() => {
    if (defaults.data && !form.isDirty('timezone')) {
      form.setFieldValue('timezone', defaults.data.timezone);
      form.setFieldValue('currency', defaults.data.currency);
      form.resetDirty();
    }
  }, [defaults.data]);
  useEffect(() => {
    const only = organizers.data?.length === 1 ? organizers.data[0] : undefined;
    if (!form.values.organizer_id && only) form.setFieldValue('organizer_id', only.id);
  }, [organizers.data]);

  const submit = form.onSubmit(async (values) => {
    let organizer = values.organizer_id;
    if (inlineOrganizer) {
      try {
        organizer = (await createOrganizer.mutateAsync({ name: values.organizer_name.trim() })).id;
      } catch (error) {
        showSubmitError(error, form, { fields: organizerField });
        return;
      }
    }
    try {
      const { data } = await createEvent.mutateAsync(eventBody(values, organizer));
      notifications.show({ color: 'teal', message: t`Evento creado` });
      form.reset();
      onClose();
      navigate(`/manage/event/${data.id}/getting-started`);
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t`Crear evento`} size="lg" fullScreen={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t`Nombre del evento`} required data-autofocus {...form.getInputProps('name')} />
          {inlineOrganizer ? (
            <Stack gap={4}>
              <TextInput
                label={t`Organizador`}
                description={
                  noOrganizers
                    ? t`Aún no tienes organizadores: crearemos este.`
                    : t`Se creará un organizador nuevo.`
                }
                placeholder={t`Nombre del organizador`}
                required
                {...form.getInputProps('organizer_name')}
              />
              {!noOrganizers && (
                <Anchor component="button" type="button" size="sm" onClick={() => setNewOrganizer(false)}>
                  <Trans>Elegir un organizador existente</Trans>
                </Anchor>
              )}
            </Stack>
          ) : (
            <Stack gap={4}>
              <Select
                label={t`Organizador`}
                required
                data={(organizers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                searchable
                {...form.getInputProps('organizer_id')}
              />
              <Anchor component="button" type="button" size="sm" onClick={() => setNewOrganizer(true)}>
                <Trans>Crear un organizador nuevo</Trans>
              </Anchor>
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateTimeField label={t`Empieza`} required {...form.getInputProps('start_date')} />
            <DateTimeField label={t`Termina`} {...form.getInputProps('end_date')} />
            <TimeZoneSelect {...form.getInputProps('timezone')} />
            <CurrencySelect {...form.getInputProps('currency')} />
          </SimpleGrid>
          <Textarea
            label={t`Descripción`}
            description={t`Podrás darle formato más tarde en los ajustes del evento.`}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" loading={createEvent.isPending || createOrganizer.isPending}>
              <Trans>Crear evento</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
