import { Trans } from '@lingui/react/macro';
import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import type { RequestOptions } from '../lib/api-client.ts';
import { useCan } from '../lib/current-user.ts';
import { downloadExport } from '../lib/download.ts';
import { errorMessage } from '../lib/error-message.ts';

type Format = 'csv' | 'xlsx';

/**
 * "Exportar": downloads what the list shows (same search and filters) as CSV or Excel. The CSV writes
 * money with the reader's decimal separator (the server follows the locale), which the menu says.
 */
export function ExportButton(props: { path: string; query: RequestOptions['query']; filename: string }) {
  const [busy, setBusy] = useState(false);
  const allowed = useCan('orders:export');
  const run = async (format: Format) => {
    setBusy(true);
    try {
      await downloadExport(`${props.path}?format=${format}`, props.query, `${props.filename}.${format}`);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  // Every export carries buyers' personal data.
  if (!allowed) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          <Trans>Exportar</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')}>
          <Trans>Excel (.xlsx)</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => void run('csv')}>
          <Trans>CSV</Trans>
          <Text size="xs" c="dimmed">
            <Trans>Importes con coma decimal</Trans>
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
