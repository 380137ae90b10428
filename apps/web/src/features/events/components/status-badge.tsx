import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { ManageEvent } from '@taquilla/shared/schemas/events';

export function EventStatusBadge({
  status,
  size = 'sm',
}: {
  status: ManageEvent['status'];
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useLingui();
  const map = {
    DRAFT: { color: 'gray', label: t`Borrador` },
    LIVE: { color: 'teal', label: t`Publicado` },
    ARCHIVED: { color: 'dark', label: t`Archivado` },
  } as const;
  const { color, label } = map[status];
  return (
    <Badge color={color} variant="light" size={size} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
