import { useLingui } from '@lingui/react/macro';
import { Group, Select } from '@mantine/core';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import { type ReactNode, useState } from 'react';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { useEventDate, useEventDates } from '../api.ts';
import { FromDayPicker } from './from-day-picker.tsx';

/**
 * «Fecha»: a list's or a report's filter by one date of the event, its dates in the event's time zone.
 * Shown only when the event has more than one date; '' is every date. `labelled` shows «Fecha» above it
 * (beside labelled fields); `error` is the server's word on it (a date that is no longer the event's).
 * `required`: one date must be chosen (a sale is for one date), no «Todas las fechas».
 * An event with more dates than one list holds (up to 5,000) adds «Desde el día»: the choice then lists
 * the dates from that day on.
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
  const [day, setDay] = useState('');
  const timezone = event.data?.timezone;
  const from = day && timezone ? wallTimeToInstant(`${day} 00:00`, timezone) : undefined;
  const first = useEventDates(props.eventId);
  const fromDay = useEventDates(props.eventId, { from });
  const shown = (from ? fromDay.data : first.data)?.data ?? [];
  const chosenShown = !props.value || shown.some((d) => d.id === props.value);
  const chosen = useEventDate(props.eventId, chosenShown ? null : props.value);
  if (!timezone || !first.data || first.data.meta.total < 2) return null;
  const many = first.data.meta.total > first.data.data.length;
  const dates = chosen.data && !chosenShown ? [chosen.data, ...shown] : shown;
  const select = (
    <Select
      {...(props.labelled ? { label: t`Fecha` } : { 'aria-label': t`Fecha` })}
      required={props.required}
      placeholder={props.required ? t`Elige una fecha` : undefined}
      data={[
        ...(props.required ? [] : [{ value: '', label: t`Todas las fechas` }]),
        ...dates.map((d) => ({ value: d.id, label: formatDateRange(d.starts_at, d.ends_at, timezone) })),
      ]}
      value={props.value || (props.required ? null : '')}
      onChange={props.onChange}
      error={props.error}
      allowDeselect={false}
      searchable
      w={260}
    />
  );
  if (!many) return select;
  return (
    <Group gap="xs" align={props.labelled ? 'flex-end' : 'center'} wrap="wrap">
      <FromDayPicker timeZone={timezone} value={day} onChange={setDay} labelled={props.labelled === true} />
      {select}
    </Group>
  );
}
