import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The footer of a form in a modal: Cancelar, then the submit button (Guardar unless told). */
export function FormActions(props: { onCancel: () => void; loading?: boolean; submitLabel?: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        <Trans>Cancelar</Trans>
      </Button>
      <Button type="submit" loading={props.loading}>
        {props.submitLabel ?? <Trans>Guardar</Trans>}
      </Button>
    </Group>
  );
}
