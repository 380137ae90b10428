import { useLingui } from '@lingui/react/macro';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PrivacySettings, privacySettingsInput } from '@taquilla/shared/schemas/privacy';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { privacySettingsQuery, updatePrivacySettings } from '../api.ts';

type Values = { personal_data_retention_days: number | string };

/** An empty field keeps the data. */
const retentionBody = ({ personal_data_retention_days: days }: Values) => ({
  personal_data_retention_days: days === '' ? null : Number(days),
});
const validate = schemaValidate<Values>(privacySettingsInput, { toInput: retentionBody });

/** How long past events' personal data is kept (empty: kept). */
export function RetentionForm() {
  const settings = useQuery(privacySettingsQuery);
  if (settings.isError) return <PageError error={settings.error} />;
  if (!settings.data) return <PageLoader />;
  return <RetentionFormLoaded initial={settings.data} />;
}

function RetentionFormLoaded({ initial }: { initial: PrivacySettings }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { personal_data_retention_days: initial.personal_data_retention_days ?? '' },
    validate,
  });
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const saved = await updatePrivacySettings(retentionBody(values).personal_data_retention_days);
      queryClient.setQueryData(privacySettingsQuery.queryKey, saved);
      notifications.show({ color: 'teal', message: t`Conservación de datos guardada.` });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <div>
            <Title order={2} fz="lg">{t`Conservación de datos`}</Title>
            <Text size="sm" c="dimmed">
              {t`Cada día, los datos personales de los pedidos de eventos que terminaron hace más de estos días se seudonimizan como en un borrado. Las facturas se conservan. Vacío: se conservan hasta que alguien pida su borrado.`}
            </Text>
          </div>
          <NumberInput
            label={t`Días tras el final del evento`}
            placeholder={t`Sin límite`}
            description={t`Entre ${initial.retention_days_min} y ${initial.retention_days_max} días.`}
            allowDecimal={false}
            allowNegative={false}
            maw={280}
            {...form.getInputProps('personal_data_retention_days')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t`Guardar cambios`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
