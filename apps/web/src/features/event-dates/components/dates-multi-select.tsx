import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect } from '@mantine/core';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import { type ReactNode, useState } from 'react';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { useEventDates } from '../api.ts';
import { FromDayPicker } from './from-day-picker.tsx';

/**
 * «Fechas»: the dates a promo code or a capacity assignment is limited to (#27); none chosen is every
 * date. Shown only when the event has dates. The choice lists the first dates the server gives, searchable;
 * an event with more (up to 5,000) adds «Desde el día» to list the dates from that day on. `known`: the
 * dates already chosen as the server presented them, so each keeps its name whatever the list shows.
 */
export function DatesMultiSelect(props: {
  eventId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  known: EventDateRef[];
  description?: ReactNode;
  error?: ReactNode;
}) {
  const { t } = useLingui();
  const event = useManageEvent(props.eventId);
  const [day, setDay] = useState('');
  const [picked, setPicked] = useState<Map<string, EventDateRef>>(
    () => new Map(props.known.map((d) => [d.id, d])),
  );
  const timezone = event.data?.timezone;
  const from = day && timezone ? wallTimeToInstant(`${day} 00:00`, timezone) : undefined;
  const first = useEventDates(props.eventId);
  const fromDay = useEventDates(props.eventId, { from });
  if (!timezone || !first.data || first.data.meta.total === 0) return null;
  const shown = (from ? fromDay.data : first.data)?.data ?? [];
  const many = first.data.meta.total > first.data.data.length;
  const label = (d: EventDateRef) => formatDateRange(d.starts_at, d.ends_at, timezone);
  const chosen = props.value
    .map((id) => picked.get(id) ?? shown.find((d) => d.id === id))
    .filter((d): d is EventDateRef => d !== undefined);
  const options = new Map<string, string>();
  for (const d of chosen) options.set(d.id, label(d));
  for (const d of shown) options.set(d.id, label(d));
  const select = (
    <MultiSelect
      label={t`Fechas`}
      description={props.description}
      placeholder={props.value.length ? undefined : t`Todas las fechas`}
      data={[...options].map(([value, text]) => ({ value, label: text }))}
      value={props.value}
      onChange={(ids) => {
        const next = new Map(picked);
        for (const d of shown) if (ids.includes(d.id)) next.set(d.id, d);
        setPicked(next);
        props.onChange(ids);
      }}
      error={props.error}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t`Quitar todas las fechas` }}
      hidePickedOptions
      nothingFoundMessage={t`Ninguna fecha coincide`}
      style={{ flex: 1, minWidth: 240 }}
    />
  );
  if (!many) return select;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <FromDayPicker timeZone={timezone} value={day} onChange={setDay} labelled />
      {select}
    </Group>
  );
}

/**
 * The dates a promo code or capacity assignment is limited to, in a line of a list: «Todas las fechas»
 * when none, up to three named, otherwise how many and the first ones.
 */
export function LimitedDates(props: { dates: EventDateRef[]; timezone: string }) {
  const { t } = useLingui();
  const { dates, timezone } = props;
  if (dates.length === 0) return t`Todas las fechas`;
  const named = dates
    .slice(0, 3)
    .map((d) => formatDateRange(d.starts_at, d.ends_at, timezone))
    .join(' · ');
  if (dates.length <= 3) return named;
  const count = dates.length;
  return t`${count} fechas: ${named}…`;
}
