import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { EVENT_DATE_STATUSES, type EventDateStatus } from '@taquilla/shared/schemas/event-dates';

const COLORS: Record<EventDateStatus, string> = {
  ON_SALE: 'teal',
  SOLD_OUT: 'orange',
  CANCELLED: 'red',
  HIDDEN: 'gray',
};

/** The statuses of a date, labelled in the interface language, for selects. */
export function useStatusOptions() {
  const { t } = useLingui();
  const labels: Record<EventDateStatus, string> = {
    ON_SALE: t`A la venta`,
    SOLD_OUT: t`Agotada`,
    CANCELLED: t`Cancelada`,
    HIDDEN: t`Oculta`,
  };
  return EVENT_DATE_STATUSES.map((value) => ({ value, label: labels[value] }));
}

export function StatusBadge({ status }: { status: EventDateStatus }) {
  const label = useStatusOptions().find((o) => o.value === status)?.label;
  return (
    <Badge variant="light" color={COLORS[status]} size="sm">
      {label}
    </Badge>
  );
}
