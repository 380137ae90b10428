import { Trans } from '@lingui/react/macro';
import { Anchor, Paper, Stack, Title } from '@mantine/core';
import type { InvoiceSummary } from '@taquilla/shared/schemas/invoices';
import { useEffect, useState } from 'react';
import { buyerInvoices } from '../api.ts';

/** The buyer's invoices of a paid order, as PDF links (nothing while there are none). */
export function OrderInvoices(props: { eventId: string; shortId: string }) {
  const [invoices, setInvoices] = useState<InvoiceSummary[]>([]);
  useEffect(() => {
    buyerInvoices(props.eventId, props.shortId).then(setInvoices, () => setInvoices([]));
  }, [props.eventId, props.shortId]);
  if (invoices.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Facturas</Trans>
        </Title>
        {invoices.map(({ number, ...i }) => (
          <Anchor key={i.id} href={i.pdf_url} target="_blank" data-testid="buyer-invoice">
            {i.kind === 'CREDIT_NOTE' ? (
              <Trans>Rectificativa {number} (PDF)</Trans>
            ) : (
              <Trans>Factura {number} (PDF)</Trans>
            )}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
