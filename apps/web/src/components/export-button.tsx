import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { RequestOptions } from '../lib/api-client.ts';
import { downloadCsv } from '../lib/download.ts';
import { errorMessage } from '../lib/error-message.ts';

/** "Exportar CSV": downloads what the list shows (same search and filters). */
export function ExportButton(props: { path: string; query: RequestOptions['query']; filename: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(props.path, props.query, props.filename);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => void run()}
    >
      <Trans>Exportar CSV</Trans>
    </Button>
  );
}
