import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Affiliate } from '@taquilla/shared/schemas/affiliates';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveAffiliate } from '../api.ts';

const CODE = /^[A-Za-z0-9_-]{3,50}$/;

/** A code from the name ("Radio Local" → "RADIO-LOCAL"), so the organizer rarely has to invent one. */
export function codeFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
}

export function AffiliateForm(props: { eventId: string; item: Affiliate | null; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveAffiliate(props.eventId);
  const { item } = props;
  const form = useForm({
    initialValues: {
      name: item?.name ?? '',
      code: item?.code ?? '',
      email: item?.email ?? '',
      active: (item?.status ?? 'ACTIVE') === 'ACTIVE',
    },
    validate: {
      name: (v) =>
        v.trim().length === 0
          ? t`Indica el nombre del afiliado.`
          : v.trim().length >= 150
            ? t`El nombre debe tener menos de 150 caracteres.`
            : null,
      code: (v) =>
        CODE.test(v.trim()) ? null : t`Entre 3 y 50 caracteres: letras, números, guiones y guiones bajos.`,
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: item?.id,
        name: v.name.trim(),
        code: v.code.trim(),
        email: v.email.trim() || null,
        status: v.active ? 'ACTIVE' : 'INACTIVE',
      });
      notifications.show({ color: 'teal', message: t`Afiliado guardado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={item ? t`Editar afiliado` : t`Nuevo afiliado`}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Nombre`}
            placeholder={t`p. ej. Radio Local`}
            required
            data-autofocus
            {...form.getInputProps('name')}
            onBlur={() => {
              if (!form.values.code && form.values.name.trim().length >= 3) {
                form.setFieldValue('code', codeFromName(form.values.name));
              }
            }}
          />
          <TextInput
            label={t`Código`}
            description={t`Va en el enlace del afiliado (?aff=CÓDIGO). No distingue mayúsculas.`}
            placeholder="RADIO-LOCAL"
            required
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('code')}
          />
          <TextInput
            label={t`Correo electrónico`}
            description={t`Opcional: para contactar con el afiliado.`}
            type="email"
            {...form.getInputProps('email')}
          />
          <Switch
            label={t`Activo`}
            description={t`Los pedidos solo se atribuyen a afiliados activos.`}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <FormActions onCancel={props.onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
