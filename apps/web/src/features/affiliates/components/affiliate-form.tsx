import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Affiliate, type AffiliateInput, affiliateInput } from '@taquilla/shared/schemas/affiliates';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useSaveAffiliate } from '../api.ts';

type Values = { name: string; code: string; email: string; active: boolean };

const affiliateBody = (v: Values): AffiliateInput => ({
  name: v.name.trim(),
  code: v.code.trim(),
  email: v.email.trim() || null,
  status: v.active ? 'ACTIVE' : 'INACTIVE',
});
const validateAffiliate = schemaValidate<Values>(affiliateInput, { toInput: affiliateBody });

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
  const form = useForm<Values>({
    initialValues: {
      name: item?.name ?? '',
      code: item?.code ?? '',
      email: item?.email ?? '',
      active: (item?.status ?? 'ACTIVE') === 'ACTIVE',
    },
    validate: validateAffiliate,
  });

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: item?.id, ...affiliateBody(v) });
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
