import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ManageAttendee } from '@taquilla/shared/schemas/attendees';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { isEmail, isPersonName } from '../../../lib/person-rules.ts';
import { useUpdateAttendee } from '../api.ts';

/** Corrects who holds a ticket; the ticket and its QR code stay the same. */
export function AttendeeForm(props: { eventId: string; attendee: ManageAttendee; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const update = useUpdateAttendee(props.eventId);
  const a = props.attendee;
  const nameRule = (v: string) => (isPersonName(v) ? null : t`Debe tener entre 1 y 50 caracteres.`);
  const form = useForm({
    initialValues: { first_name: a.first_name, last_name: a.last_name, email: a.email },
    validate: {
      first_name: nameRule,
      last_name: nameRule,
      email: (v) => (isEmail(v) ? null : t`Introduce un correo electrónico válido.`),
    },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await update.mutateAsync({
        id: a.id,
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: v.email.trim(),
      });
      notifications.show({ color: 'teal', message: t`Asistente actualizado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={t`Editar asistente`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>
              Entrada {a.ticket_name} · {a.short_id}. El código QR no cambia.
            </Trans>
          </Text>
          <TextInput label={t`Nombre`} required data-autofocus {...form.getInputProps('first_name')} />
          <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
          <TextInput label={t`Correo electrónico`} type="email" required {...form.getInputProps('email')} />
          <FormActions onCancel={props.onClose} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
