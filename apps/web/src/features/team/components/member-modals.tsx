import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UserRole } from '@taquilla/shared';
import { type AccountMember, inviteUserSchema, updateUserSchema } from '@taquilla/shared/schemas/users';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { inviteUser, updateUser } from '../api.ts';
import { ROLE_HELP, ROLE_LABELS } from './member-labels.ts';
import { OrganizerScopeField } from './organizer-scope-field.tsx';

/**
 * «Solo algunos organizadores» with none chosen: the server reads an empty list as all of them, so the
 * picker itself refuses it.
 */
const noOrganizerChosen = (ids: string[] | null, message: string) =>
  ids && ids.length === 0 ? { organizer_ids: message } : {};

const validateInvite = schemaValidate(inviteUserSchema);
const validateUpdate = schemaValidate(updateUserSchema);

/** The organizer-scope field bound to a form's `organizer_ids`. */
const scopeProps = (form: {
  values: { organizer_ids: string[] | null };
  errors: Record<string, unknown>;
  setFieldValue: (path: 'organizer_ids', value: string[] | null) => void;
}) => ({
  value: form.values.organizer_ids,
  onChange: (value: string[] | null) => form.setFieldValue('organizer_ids', value),
  error: form.errors.organizer_ids,
});

/** From the narrowest everyday role to the one that can do everything. */
const PICKER_ORDER: UserRole[] = ['ORGANIZER', 'FINANCE', 'DOOR', 'READ_ONLY', 'ADMIN'];

function RolePicker(props: {
  value?: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  error?: unknown;
}) {
  const { t, i18n } = useLingui();
  return (
    <Radio.Group label={t`Rol`} value={props.value} onChange={props.onChange} error={props.error as string}>
      <Stack gap="xs" mt={4}>
        {PICKER_ORDER.map((role) => (
          <Radio
            key={role}
            value={role}
            disabled={props.disabled}
            label={i18n._(ROLE_LABELS[role])}
            description={i18n._(ROLE_HELP[role])}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function InviteModal({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      role: 'ORGANIZER',
      organizer_ids: null as string[] | null,
    },
    validate: (values) => ({
      ...validateInvite(values),
      ...noOrganizerChosen(values.organizer_ids, t`Elige al menos un organizador.`),
    }),
  });
  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      await inviteUser(values);
      notifications.show({ color: 'teal', message: t`Invitación enviada a ${values.email.trim()}.` });
      form.reset();
      onDone();
      onClose();
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Invitar usuario`} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t`Le enviaremos un correo con un enlace para unirse a la cuenta. El enlace caduca en 7 días.`}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t`Nombre`} required {...form.getInputProps('first_name')} />
            <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label={t`Correo electrónico`} type="email" required {...form.getInputProps('email')} />
          <RolePicker {...form.getInputProps('role')} />
          <OrganizerScopeField {...scopeProps(form)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t`Cancelar`}
            </Button>
            <Button type="submit" loading={busy}>
              {t`Enviar invitación`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function EditMemberModal({
  member,
  onClose,
  onDone,
}: {
  member: AccountMember;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  // The server says whether (and why) this member's role and status are fixed for the caller.
  const locked = member.role_and_status_fixed !== null;
  // An invited user's profile is theirs to fill in when accepting.
  const invited = member.status === 'INVITED';
  type Values = {
    first_name: string;
    last_name: string;
    role: string;
    status: string;
    organizer_ids: string[] | null;
  };
  /** What the caller may change of this member, and nothing else. */
  const bodyOf = (values: Values) => ({
    ...(invited ? {} : { first_name: values.first_name, last_name: values.last_name }),
    ...(locked ? {} : { role: values.role, organizer_ids: values.organizer_ids }),
    ...(locked || invited ? {} : { status: values.status }),
  });
  const form = useForm<Values>({
    initialValues: {
      first_name: member.first_name,
      last_name: member.last_name,
      role: member.role as string,
      status: member.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
      organizer_ids: member.organizer_ids,
    },
    validate: (values) => ({
      ...validateUpdate(bodyOf(values)),
      ...noOrganizerChosen(values.organizer_ids, t`Elige al menos un organizador.`),
    }),
  });
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await updateUser(member.id, bodyOf(values));
      notifications.show({ color: 'teal', message: t`Usuario actualizado.` });
      onDone();
      onClose();
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t`Editar usuario`} size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {member.email}
          </Text>
          {!invited && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label={t`Nombre`} required {...form.getInputProps('first_name')} />
              <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
            </SimpleGrid>
          )}
          {locked && (
            <Alert color="gray" variant="light">
              {member.role_and_status_fixed === 'OWNER'
                ? t`No se puede cambiar el rol ni el estado del propietario de la cuenta.`
                : t`No puedes cambiar tu propio rol ni tu propio estado.`}
            </Alert>
          )}
          <RolePicker {...form.getInputProps('role')} disabled={locked} />
          <OrganizerScopeField {...scopeProps(form)} disabled={locked} />
          {member.status === 'INVITED' ? (
            <Text size="sm" c="dimmed">
              {t`Se activará cuando acepte la invitación.`}
            </Text>
          ) : (
            <Select
              label={t`Estado`}
              description={t`Un usuario inactivo no puede iniciar sesión; sus sesiones se cierran al momento.`}
              disabled={locked}
              allowDeselect={false}
              data={[
                { value: 'ACTIVE', label: t`Activo` },
                { value: 'INACTIVE', label: t`Inactivo` },
              ]}
              {...form.getInputProps('status')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t`Cancelar`}
            </Button>
            <Button type="submit" loading={busy}>
              {t`Guardar`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
