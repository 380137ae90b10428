import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFileZip } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSettings, UpdateInvoiceSettingsInput } from '@taquilla/shared/schemas/invoices';
import { invoiceExportQuerySchema, updateInvoiceSettingsSchema } from '@taquilla/shared/schemas/invoices';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-state.tsx';
import { downloadExport } from '../../../lib/download.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { invoicingQuery, updateInvoicing } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';

/** /account/invoicing: the issuer's details, series and VAT, and a period's ZIP (`invoices:manage`). */
export function InvoicingPage() {
  return (
    <AccountPage permission="invoices:manage" maw={720}>
      <InvoicingForm />
    </AccountPage>
  );
}

function InvoicingForm() {
  const settings = useQuery(invoicingQuery);
  if (!settings.data) return <PageLoader />;
  return (
    <Stack>
      <InvoicingFormLoaded initial={settings.data} />
      <PeriodExport />
    </Stack>
  );
}

const validate = schemaValidate(updateInvoiceSettingsSchema);

function InvoicingFormLoaded({ initial }: { initial: InvoiceSettings }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm<UpdateInvoiceSettingsInput>({
    initialValues: {
      enabled: initial.enabled,
      legal_name: initial.legal_name,
      tax_id: initial.tax_id,
      address: initial.address,
      series_prefix: initial.series_prefix,
      next_number: initial.next_number,
      vat_regime: initial.vat_regime,
      fees_vat_rate_bp: initial.fees_vat_rate_bp,
    },
    validate,
  });

  const submit = async (values: UpdateInvoiceSettingsInput) => {
    setBusy(true);
    try {
      const { next_number, ...rest } = values;
      const body = initial.next_number_editable ? values : rest;
      const res = await updateInvoicing(body);
      queryClient.setQueryData(invoicingQuery.queryKey, res.data);
      notifications.show({ color: 'teal', message: t`Ajustes de facturación guardados.` });
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
          <Switch
            label={t`Emitir facturas de los pedidos pagados`}
            description={t`Cada evento puede excluirse en sus ajustes.`}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <TextInput label={t`Razón social o nombre`} {...form.getInputProps('legal_name')} />
          <TextInput label={t`NIF/CIF`} {...form.getInputProps('tax_id')} />
          <Textarea label={t`Dirección fiscal`} autosize minRows={2} {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Serie`}
              description={t`Letras mayúsculas y números, p. ej. TQ.`}
              {...form.getInputProps('series_prefix')}
            />
            <NumberInput
              label={t`Siguiente número`}
              description={
                initial.next_number_editable
                  ? t`Solo mientras no se haya emitido ninguna factura este año.`
                  : t`Ya se han emitido facturas este año.`
              }
              min={1}
              allowDecimal={false}
              disabled={!initial.next_number_editable}
              {...form.getInputProps('next_number')}
            />
            <Select
              label={t`Régimen de IVA`}
              allowDeselect={false}
              data={[
                { value: 'GENERAL', label: t`General` },
                { value: 'EXEMPT', label: t`Exento (art. 20 LIVA)` },
              ]}
              {...form.getInputProps('vat_regime')}
            />
            <NumberInput
              label={t`IVA incluido en los gastos de gestión (%)`}
              min={0}
              max={100}
              decimalScale={2}
              value={form.values.fees_vat_rate_bp / 100}
              onChange={(v) => form.setFieldValue('fees_vat_rate_bp', Math.round(Number(v) * 100))}
              error={form.errors.fees_vat_rate_bp}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            <Trans>
              El envío de los registros a la AEAT (Verifactu) no está disponible en esta instalación.
            </Trans>
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

const today = () => new Date().toISOString().slice(0, 10);
const validatePeriod = schemaValidate(invoiceExportQuerySchema);

/** A period's invoices and credit notes as a ZIP of PDFs with an index.csv. */
function PeriodExport() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { from: `${today().slice(0, 8)}01`, to: today() },
    validate: validatePeriod,
  });
  const [busy, setBusy] = useState(false);
  const download = async ({ from, to }: typeof form.values) => {
    setBusy(true);
    try {
      await downloadExport('accounts/me/invoices/export', { from, to }, `facturas-${from}-${to}.zip`);
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          <Trans>Exportar facturas</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t`Desde`} {...form.getInputProps('from')} />
          <TextInput type="date" label={t`Hasta`} {...form.getInputProps('to')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconFileZip size={16} />}
            loading={busy}
            onClick={() => form.onSubmit(download)()}
          >
            <Trans>Descargar ZIP</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
