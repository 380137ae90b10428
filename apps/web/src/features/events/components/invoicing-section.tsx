import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangeableWith } from '../../../components/read-only-fieldset.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { eventInvoicingQuery, useUpdateEventInvoicing } from '../api.ts';

/**
 * «Facturación» in the event's settings: whether this event's paid orders get an invoice. Shown only
 * when the account invoices (the server says so); changing it takes `invoices:manage`.
 */
export function InvoicingSection({ eventId }: { eventId: string }) {
  const invoicing = useQuery(eventInvoicingQuery(eventId));
  if (!invoicing.data?.account_enabled) return null;
  const invoices = !invoicing.data.opted_out;
  return <InvoicingForm key={String(invoices)} eventId={eventId} invoices={invoices} />;
}

function InvoicingForm({ eventId, invoices }: { eventId: string; invoices: boolean }) {
  const { t } = useLingui();
  const save = useUpdateEventInvoicing(eventId);
  const [checked, setChecked] = useState(invoices);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(!checked);
      notifications.show({ color: 'teal', message: t`Ajustes de facturación guardados` });
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" id="facturacion">
      <Title order={3} size="h4" mb="md">
        <Trans>Facturación</Trans>
      </Title>
      <ChangeableWith permission="invoices:manage">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Switch
              label={t`Emitir facturas de los pedidos de este evento`}
              checked={checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed">
              <Trans>
                La cuenta emite una factura por cada pedido pagado. Desactívalo si este evento se factura por
                otra vía (por ejemplo, una gala benéfica): sus pedidos no tendrán factura ni la opción
                «Necesito factura». Las facturas ya emitidas no cambian.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                <Trans>Guardar</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </ChangeableWith>
    </Card>
  );
}
