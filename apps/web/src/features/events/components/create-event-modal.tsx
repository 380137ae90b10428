import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { EVENT_NAME_MAX } from '@taquilla/shared/schemas/events';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime } from '../../../lib/format.ts';
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

  const form = useForm({
    initialValues: {
      name: '',
      organizer_id: organizerId ?? '',
      organizer_name: '',
      start_date: null as string | null,
      end_date: null as string | null,
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: '',
    },
    validate: {
      name: (v) =>
        !v.trim()
          ? t`Escribe el nombre del evento.`
          : v.length > EVENT_NAME_MAX
            ? t`El nombre debe tener menos de 150 caracteres.`
            : null,
      organizer_id: (v) => (!inlineOrganizer && !v ? t`Elige un organizador.` : null),
      organizer_name: (v) => (inlineOrganizer && !v.trim() ? t`Escribe el nombre del organizador.` : null),
      start_date: (v) => (v ? null : t`Indica cuándo empieza.`),
      end_date: (v, values) =>
        v && values.start_date && v <= values.start_date
          ? t`La fecha de fin debe ser posterior a la de inicio.`
          : null,
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
    try {
      let organizer = values.organizer_id;
      if (inlineOrganizer)
        organizer = (await createOrganizer.mutateAsync({ name: values.organizer_name.trim() })).id;
      const { data } = await createEvent.mutateAsync({
        name: values.name.trim(),
        organizer_id: organizer,
        start_date: fromWallTime(values.start_date, values.timezone)!,
        end_date: fromWallTime(values.end_date, values.timezone),
        timezone: values.timezone,
        currency: values.currency,
        description: values.description.trim() ? toParagraphs(values.description) : null,
      });
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
