import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { updateAccountSchema } from '@taquilla/shared/schemas/accounts';
import { useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-state.tsx';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { accountQuery, updateAccount } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';

const validate = schemaValidate(updateAccountSchema);

const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'MXN', 'ARS', 'COP', 'CLP', 'PEN', 'BRL', 'CHF'];

/** /account/settings and /manage/account: account name, default currency, time zone (`account:manage`). */
export function AccountSettingsPage() {
  return (
    <AccountPage permission="account:manage" maw={720}>
      <SettingsForm />
    </AccountPage>
  );
}

function SettingsForm() {
  const account = useQuery(accountQuery);
  if (!account.data) {
    return <PageLoader />;
  }
  return <SettingsFormLoaded initial={account.data} />;
}

function SettingsFormLoaded({ initial }: { initial: { name: string; currency: string; timezone: string } }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: initial.name, currency: initial.currency, timezone: initial.timezone },
    validate,
  });
  const currencies = useMemo(() => {
    const all =
      (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency') ??
      COMMON_CURRENCIES;
    const names = new Intl.DisplayNames([i18n.locale], { type: 'currency' });
    const label = (code: string) => `${code} · ${names.of(code) ?? code}`;
    return [
      { group: t`Habituales`, items: COMMON_CURRENCIES.map((c) => ({ value: c, label: label(c) })) },
      {
        group: t`Todas`,
        items: all.filter((c) => !COMMON_CURRENCIES.includes(c)).map((c) => ({ value: c, label: label(c) })),
      },
    ];
  }, [i18n.locale, t]);

  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      const res = await updateAccount(values);
      queryClient.setQueryData(accountQuery.queryKey, res.data);
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
      notifications.show({ color: 'teal', message: t`Ajustes de la cuenta guardados.` });
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
          <TextInput
            label={t`Nombre de la cuenta`}
            description={t`Lo ven tus compañeros al iniciar sesión y en las invitaciones.`}
            required
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t`Moneda predeterminada`}
              description={t`Se propone al crear eventos nuevos.`}
              searchable
              allowDeselect={false}
              data={currencies}
              {...form.getInputProps('currency')}
            />
            <TimeZoneSelect
              label={t`Zona horaria`}
              nothingFoundMessage={t`No hay coincidencias`}
              description={t`Se propone al crear eventos nuevos.`}
              allowDeselect={false}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            <Trans>Cambiar estos valores no modifica los eventos que ya existen.</Trans>
          </Text>
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
