import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/form-errors.ts';

/** Asks before something that cannot be undone (deleting an endpoint, revoking a key). */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      props.onClose();
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack>
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t`Volver`}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
