import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ManageEventDetail } from '@taquilla/shared/schemas/events';
import { useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime, toWallTime } from '../../../lib/format.ts';
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
  const form = useForm({
    initialValues: {
      name: t`${event.name} (copia)`.slice(0, 149),
      start_date: toWallTime(event.start_date, event.timezone),
      end_date: toWallTime(event.end_date, event.timezone),
      copy: [...PARTS] as string[],
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const { data } = await duplicate.mutateAsync({
        name: values.name,
        start_date: fromWallTime(values.start_date, event.timezone) ?? undefined,
        end_date: fromWallTime(values.end_date, event.timezone),
        copy: Object.fromEntries(PARTS.map((p) => [p, values.copy.includes(p)])),
      });
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
