import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconReceiptTax } from '@tabler/icons-react';
import type { TaxOrFee } from '@taquilla/shared/schemas/taxes';
import { useState } from 'react';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { amountFieldProps, majorUnitsOf, percentOfHundredths } from '../../../lib/money-input.ts';
import { useDeleteTax, useSaveTax, useTaxes } from '../api.ts';
import { taxValue, validateTaxForm } from '../lib/tax-values.ts';

export function TaxesPage() {
  const { t } = useLingui();
  const taxes = useTaxes();
  const me = useCurrentUser();
  const remove = useDeleteTax();
  const [editing, setEditing] = useState<TaxOrFee | 'new' | null>(null);
  const currency = me.data?.account.currency ?? 'EUR';
  const canEdit = can(me.data, 'taxes:manage');
  const formatValue = (x: TaxOrFee) =>
    x.calculation === 'PERCENTAGE' ? formatPercent(x.value) : formatMoney(x.value, currency);
  const del = async (x: TaxOrFee) => {
    if (!window.confirm(t`¿Eliminar «${x.name}»? Las entradas dejarán de aplicarlo.`)) return;
    try {
      await remove.mutateAsync(x.id);
      notifications.show({ color: 'teal', message: t`Eliminado` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Impuestos y comisiones</Trans>
        </Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            <Trans>Añadir</Trans>
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        <Trans>
          Se aplican a las entradas a las que los asignes. Los marcados como predeterminados se añaden a las
          entradas nuevas.
        </Trans>
      </Text>
      {!canEdit && me.data && (
        <Alert color="yellow">
          <Trans>Tu rol en esta cuenta no permite cambiar los impuestos y comisiones.</Trans>
        </Alert>
      )}
      {taxes.isPending ? (
        <PageLoader />
      ) : taxes.isError ? (
        <PageError error={taxes.error} />
      ) : taxes.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs" ta="center">
            <IconReceiptTax size={40} stroke={1.2} color="var(--mantine-color-blue-5)" />
            <Text fw={600}>
              <Trans>Aún no hay impuestos ni comisiones</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Por ejemplo: IVA del 21 % o una comisión de gestión de 1,50 € por entrada.</Trans>
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="sm">
            {taxes.data.map((x) => (
              <Card key={x.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={4}>
                    <Group gap={6}>
                      <Text fw={600}>{x.name}</Text>
                      <Text>{formatValue(x)}</Text>
                    </Group>
                    <Group gap={4}>
                      <Badge size="xs" variant="outline" color={x.type === 'TAX' ? 'blue' : 'grape'}>
                        {x.type === 'TAX' ? t`Impuesto` : t`Comisión`}
                      </Badge>
                      <Badge size="xs" color={x.is_active ? 'teal' : 'gray'} variant="light">
                        {x.is_active ? t`Activo` : t`Inactivo`}
                      </Badge>
                      {x.is_default && (
                        <Badge size="xs" variant="light">
                          {t`Predeterminado`}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                  {canEdit && (
                    <EditDeleteActions
                      permission="taxes:manage"
                      name={x.name}
                      size={16}
                      onEdit={() => setEditing(x)}
                      onDelete={() => del(x)}
                    />
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Nombre`}</Table.Th>
                  <Table.Th>{t`Tipo`}</Table.Th>
                  <Table.Th>{t`Valor`}</Table.Th>
                  <Table.Th>{t`Estado`}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {taxes.data.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {x.name}
                        </Text>
                        {x.is_default && (
                          <Badge size="xs" variant="light">
                            {t`Predeterminado`}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={x.type === 'TAX' ? 'blue' : 'grape'}>
                        {x.type === 'TAX' ? t`Impuesto` : t`Comisión`}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatValue(x)}</Table.Td>
                    <Table.Td>
                      <Badge color={x.is_active ? 'teal' : 'gray'} variant="light">
                        {x.is_active ? t`Activo` : t`Inactivo`}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <EditDeleteActions
                          permission="taxes:manage"
                          justify="flex-end"
                          name={x.name}
                          size={16}
                          onEdit={() => setEditing(x)}
                          onDelete={() => del(x)}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`Nuevo impuesto o comisión` : t`Editar impuesto o comisión`}
      >
        {editing !== null && (
          <TaxForm
            tax={editing === 'new' ? null : editing}
            currency={currency}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function TaxForm({ tax, currency, onDone }: { tax: TaxOrFee | null; currency: string; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSaveTax();
  const form = useForm({
    initialValues: {
      name: tax?.name ?? '',
      type: tax?.type ?? 'TAX',
      calculation: tax?.calculation ?? 'PERCENTAGE',
      amount: (tax
        ? tax.calculation === 'PERCENTAGE'
          ? percentOfHundredths(tax.value)
          : majorUnitsOf(tax.value, currency)
        : '') as number | string,
      is_default: tax?.is_default ?? false,
      is_active: tax?.is_active ?? true,
    },
    validate: (values) => validateTaxForm({ ...values, currency }),
  });
  const submit = form.onSubmit(async (values) => {
    const { amount, ...v } = values;
    try {
      await save.mutateAsync({ ...v, id: tax?.id, value: taxValue({ ...values, currency }) as number });
      notifications.show({ color: 'teal', message: t`Guardado` });
      onDone();
    } catch (error) {
      showSubmitError(error, { setErrors: (e) => form.setErrors({ ...e, amount: e.value }) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t`Nombre`}
          placeholder={t`IVA`}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SegmentedControl
          fullWidth
          data={[
            { value: 'TAX', label: t`Impuesto` },
            { value: 'FEE', label: t`Comisión` },
          ]}
          {...form.getInputProps('type')}
        />
        <SegmentedControl
          fullWidth
          data={[
            { value: 'PERCENTAGE', label: t`Porcentaje` },
            { value: 'FIXED', label: t`Importe fijo` },
          ]}
          {...form.getInputProps('calculation')}
        />
        <NumberInput
          label={form.values.calculation === 'PERCENTAGE' ? t`Porcentaje` : t`Importe por entrada`}
          description={
            form.values.calculation === 'FIXED'
              ? t`En ${currency}, la moneda de la cuenta. Un evento en otra moneda cobra las mismas unidades mínimas (céntimos) de la suya.`
              : undefined
          }
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {form.values.calculation === 'PERCENTAGE' ? '%' : currency}
            </Text>
          }
          rightSectionWidth={48}
          {...amountFieldProps()}
          min={0}
          required
          {...form.getInputProps('amount')}
        />
        <Switch
          label={t`Aplicar por defecto a las entradas nuevas`}
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <Switch label={t`Activo`} {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Guardar</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
