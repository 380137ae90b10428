import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import {
  API_KEY_PERMISSIONS,
  type ApiKeyPermission,
  type ApiKeyWithSecret,
  createApiKeySchema,
} from '@taquilla/shared/schemas/api-keys';
import { useState } from 'react';
// The calendar's month and day names in Spanish (dayjs ships English only).
import '../../../lib/dayjs-locales.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { createApiKey } from '../api.ts';
import { KEY_PERMISSION } from './labels.ts';

interface Values {
  name: string;
  permission: ApiKeyPermission;
  /** A calendar day ("2026-12-31"): the key works until the end of it, in the account's time zone. */
  expires_on: string | null;
}

/** Creates an API key: a name, a permission set and an optional expiry; `onCreated` gets the key, answered only now. */
export function ApiKeyFormModal(props: {
  opened: boolean;
  timeZone: string;
  onClose: () => void;
  onCreated: (key: ApiKeyWithSecret) => void;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const bodyOf = (v: Values) => ({
    name: v.name.trim(),
    permission: v.permission,
    expires_at: v.expires_on ? wallTimeToInstant(`${v.expires_on} 23:59:59`, props.timeZone) : null,
  });
  const form = useForm<Values>({
    initialValues: { name: '', permission: 'READ_ONLY', expires_on: null },
    validate: schemaValidate(createApiKeySchema, { toInput: bodyOf, fields: { expires_at: 'expires_on' } }),
  });
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      props.onCreated(await createApiKey(bodyOf(values)));
      form.reset();
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
      const expiry = (error as { fields?: Record<string, string> }).fields?.expires_at;
      if (expiry) form.setFieldError('expires_on', expiry);
    } finally {
      setBusy(false);
    }
  };
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t`Crear clave de API`} size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t`Nombre`}
            description={t`Para reconocerla, p. ej. el sistema que la usa.`}
            required
            {...form.getInputProps('name')}
          />
          <Radio.Group label={t`Permiso`} required {...form.getInputProps('permission')}>
            <Stack gap="xs" mt={4}>
              {API_KEY_PERMISSIONS.map((p) => (
                <Radio
                  key={p}
                  value={p}
                  label={i18n._(KEY_PERMISSION[p].label)}
                  description={i18n._(KEY_PERMISSION[p].help)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
            <DatePickerInput
              label={t`Caduca`}
              description={t`Opcional: la clave deja de funcionar al acabar ese día.`}
              placeholder={t`Nunca`}
              clearable
              minDate={tomorrow}
              valueFormat="DD/MM/YYYY"
              {...form.getInputProps('expires_on')}
            />
          </DatesProvider>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t`Cancelar`}
            </Button>
            <Button type="submit" loading={busy}>
              {t`Crear clave`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
