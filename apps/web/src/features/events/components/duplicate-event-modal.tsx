import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type DuplicateEventInput,
  duplicateEventInput,
  type ManageEventDetail,
} from '@taquilla/shared/schemas/events';
import { useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime, toWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useDuplicateEvent } from '../api.ts';
import { DateTimeField } from './date-time-field.tsx';

const PARTS = [
  'tickets',
  'questions',
  'settings',
  'promo_codes',
  'capacity_assignments',
  'check_in_lists',
  'cover_image',
] as const;

type Values = { name: string; start_date: string | null; end_date: string | null; copy: string[] };

const validateDuplicate = schemaValidate<DuplicateEventInput>(duplicateEventInput);

export function DuplicateEventModal({
  event,
  opened,
  onClose,
}: {
  event: ManageEventDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent(event.id);
  const labels: Record<(typeof PARTS)[number], string> = {
    tickets: t`Entradas, precios e impuestos`,
    questions: t`Preguntas`,
    settings: t`Ajustes (pedidos, pagos, SEO, correo)`,
    promo_codes: t`Códigos promocionales`,
    capacity_assignments: t`Aforos`,
    check_in_lists: t`Listas de control de acceso`,
    cover_image: t`Imagen de portada`,
  };
  const body = (v: Values): DuplicateEventInput => ({
    name: v.name.trim(),
    start_date: fromWallTime(v.start_date, event.timezone) ?? undefined,
    end_date: fromWallTime(v.end_date, event.timezone),
    copy: Object.fromEntries(PARTS.map((p) => [p, v.copy.includes(p)])),
  });
  const form = useForm<Values>({
    initialValues: {
      // A name too long for a copy is said under the field, never cut short.
      name: t`${event.name} (copia)`,
      start_date: toWallTime(event.start_date, event.timezone),
      end_date: toWallTime(event.end_date, event.timezone),
      copy: [...PARTS],
    },
    validate: (v) => validateDuplicate(body(v)),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const { data } = await duplicate.mutateAsync(body(values));
      notifications.show({ color: 'teal', message: t`Evento duplicado` });
      onClose();
      navigate(`/manage/event/${data.id}/dashboard`);
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t`Duplicar evento`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t`Nombre del nuevo evento`} required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateTimeField label={t`Empieza`} {...form.getInputProps('start_date')} />
            <DateTimeField label={t`Termina`} {...form.getInputProps('end_date')} />
          </SimpleGrid>
          <Checkbox.Group label={t`Qué copiar`} {...form.getInputProps('copy')}>
            <Stack gap={6} mt={6}>
              {PARTS.map((p) => (
                <Checkbox key={p} value={p} label={labels[p]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            <Trans>Los pedidos y asistentes nunca se copian. El nuevo evento se crea como borrador.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" loading={duplicate.isPending}>
              <Trans>Duplicar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
