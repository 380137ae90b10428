import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Permission } from '@taquilla/shared';
import { useCan } from '../lib/current-user.ts';

/** The edit and delete buttons of a row or card, labelled with the item's name for screen readers. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
  size = 18,
  justify,
  permission,
}: {
  name: string;
  /** What changing the item needs: without it the buttons are not shown. */
  permission: Permission;
  justify?: 'flex-end';
  onEdit: () => void;
  onDelete: () => void;
  size?: number;
}) {
  const { t } = useLingui();
  if (!useCan(permission)) return null;
  return (
    <Group gap={4} justify={justify} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t`Editar ${name}`} onClick={onEdit}>
        <IconPencil size={size} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t`Eliminar ${name}`} onClick={onDelete}>
        <IconTrash size={size} />
      </ActionIcon>
    </Group>
  );
}
