import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { useEventDates } from '../api.ts';

/**
 * «Fecha»: a list's or a report's filter by one date of the event, its dates in the event's time zone.
 * Shown only when the event has more than one date; '' is every date. `labelled` shows «Fecha» above it
 * (beside labelled fields); `error` is the server's word on it (a date that is no longer the event's).
 * `required`: one date must be chosen (a sale is for one date), no «Todas las fechas».
 */
export function DateFilter(props: {
  eventId: string;
  value: string;
  onChange: (dateId: string | null) => void;
  labelled?: boolean;
  error?: ReactNode;
  required?: boolean;
}) {
  const { t } = useLingui();
  const event = useManageEvent(props.eventId);
  const dates = useEventDates(props.eventId);
  if (!event.data || !dates.data || dates.data.meta.total < 2) return null;
  const timezone = event.data.timezone;
  return (
    <Select
      {...(props.labelled ? { label: t`Fecha` } : { 'aria-label': t`Fecha` })}
      required={props.required}
      placeholder={props.required ? t`Elige una fecha` : undefined}
      data={[
        ...(props.required ? [] : [{ value: '', label: t`Todas las fechas` }]),
        ...dates.data.data.map((d) => ({
          value: d.id,
          label: formatDateRange(d.starts_at, d.ends_at, timezone),
        })),
      ]}
      value={props.value || (props.required ? null : '')}
      onChange={props.onChange}
      error={props.error}
      allowDeselect={false}
      searchable
      w={260}
    />
  );
}
