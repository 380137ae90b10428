import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { InvoiceSummary } from '@taquilla/shared/schemas/invoices';
import { useState } from 'react';
import { PageError } from '../../../components/page-state.tsx';
import { downloadExport } from '../../../lib/download.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useOrderInvoices } from '../api.ts';

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(invoice.pdf_url.replace(/^\/api\//, ''), undefined, `${invoice.number}.pdf`);
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  const kind = invoice.kind === 'CREDIT_NOTE' ? t`Rectificativa` : t`Factura`;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="order-invoice">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {kind} {invoice.number}
        </Text>
        <Text size="xs" c="dimmed">
          {invoice.issue_date} · {formatMoney(invoice.total_cents, invoice.currency)}
          {invoice.buyer_tax_id ? ` · ${invoice.buyer_tax_id}` : ''}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFileTypePdf size={14} />}
        loading={busy}
        onClick={download}
      >
        PDF
      </Button>
    </Group>
  );
}

/** The drawer's «Facturas»: the order's invoice and credit notes, each with its PDF. */
export function OrderInvoices(props: { eventId: string; orderId: string }) {
  const invoices = useOrderInvoices(props.eventId, props.orderId);
  if (invoices.isError) return <PageError error={invoices.error} />;
  if (!invoices.data) return null;
  if (invoices.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Este pedido no tiene facturas.</Trans>
      </Text>
    );
  return (
    <Stack gap="sm">
      {invoices.data.map((i) => (
        <InvoiceRow key={i.id} invoice={i} />
      ))}
    </Stack>
  );
}
