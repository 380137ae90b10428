import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { calendarDay } from '@taquilla/shared/dates';
import { useEffect, useMemo, useState } from 'react';
import {
  addMonths,
  byDay,
  type EventDateOption,
  lastDayOf,
  monthWeeks,
  type PickerInner,
} from '../lib/event-dates.ts';
import { usePageFormat } from '../lib/page-format.ts';
import { DateOptionLink } from './date-option.tsx';
import classes from './public.module.css';

const dayAvailability = (dates: EventDateOption[]) =>
  dates.every((d) => d.sold_out || d.status === 'SOLD_OUT')
    ? 'sold_out'
    : dates.some((d) => d.few_left)
      ? 'few_left'
      : 'on_sale';

/**
 * A month of the event's dates: the days with dates are buttons (pressed: the chosen day), the month
 * changes with the buttons beside its name, and the chosen day's times are links under the grid. The
 * months past the dates the event came with are asked for when shown.
 */
export function DatesCalendar(props: PickerInner) {
  const { t } = useLingui();
  const format = usePageFormat();
  const { known, timezone, total } = props;
  const days = useMemo(() => byDay(known, timezone), [known, timezone]);
  const selected = known.find((d) => d.id === props.selectedId);
  const firstDay = known[0] ? calendarDay(known[0].starts_at, timezone) : '';
  const [day, setDay] = useState(() => (selected ? calendarDay(selected.starts_at, timezone) : firstDay));
  const [month, setMonth] = useState(day.slice(0, 7));
  const selectedDay = selected ? calendarDay(selected.starts_at, timezone) : null;
  useEffect(() => {
    // A date chosen elsewhere (the list, the address) shows its month and day.
    if (!selectedDay) return;
    setDay(selectedDay);
    setMonth(selectedDay.slice(0, 7));
  }, [selectedDay]);
  const [loaded, setLoaded] = useState<Set<string>>(() => new Set());
  const [loading, setLoading] = useState(false);

  const lastKnown = known.at(-1);
  const lastDay = lastKnown ? calendarDay(lastKnown.starts_at, timezone) : firstDay;
  const complete = known.length >= total;
  // Past the last date the event came with, a month's dates must be asked for.
  const needsLoad = !complete && lastDayOf(month) > lastDay && !loaded.has(month);
  const { loadRange } = props;
  useEffect(() => {
    if (!needsLoad) return;
    let live = true;
    setLoading(true);
    const from = `${month}-01` < lastDay ? lastDay : `${month}-01`;
    loadRange(from, lastDayOf(month))
      .catch(() => [])
      .finally(() => {
        if (!live) return;
        setLoading(false);
        setLoaded((l) => new Set(l).add(month));
      });
    return () => {
      live = false;
    };
  }, [needsLoad, month, lastDay, loadRange]);

  const canPrev = month > firstDay.slice(0, 7);
  const canNext = !complete || month < lastDay.slice(0, 7);
  const dayDates = days.get(day) ?? [];
  const weekdays = format.weekdays();

  const choose = (d: string) => {
    setDay(d);
    const on = days.get(d) ?? [];
    // One date that day: choosing the day chooses it.
    if (on.length === 1 && on[0]) props.onSelect(on[0]);
  };

  return (
    <div className={classes.calendar}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <ActionIcon
          variant="subtle"
          size="lg"
          // Kept focusable at the first month (aria-disabled), so the keyboard does not lose its place.
          onClick={() => canPrev && setMonth(addMonths(month, -1))}
          data-disabled={!canPrev || undefined}
          aria-disabled={!canPrev || undefined}
          aria-label={t`Mes anterior`}
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>
        <Text fw={700} aria-live="polite" data-testid="calendar-month">
          {format.month(month)}
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => canNext && setMonth(addMonths(month, 1))}
          data-disabled={!canNext || undefined}
          aria-disabled={!canNext || undefined}
          aria-label={t`Mes siguiente`}
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <table className={classes.calendarGrid}>
        <caption className={classes.visuallyHidden}>{format.month(month)}</caption>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((d, i) => {
                if (!d) return <td key={i} />;
                const on = days.get(d);
                const n = Number(d.slice(8));
                if (!on) {
                  return (
                    <td key={d}>
                      <span className={classes.calendarDayOff}>{n}</span>
                    </td>
                  );
                }
                const state = dayAvailability(on);
                const label = [
                  format.day(d),
                  state === 'sold_out' ? t`agotada` : state === 'few_left' ? t`últimas entradas` : null,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <td key={d}>
                    <button
                      type="button"
                      className={classes.calendarDay}
                      data-state={state}
                      aria-pressed={d === day}
                      aria-label={label}
                      onClick={() => choose(d)}
                    >
                      {n}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && (
        <Group justify="center" py="xs">
          <Loader size="sm" aria-label={t`Cargando fechas`} />
        </Group>
      )}
      {!loading && !needsLoad && ![...days.keys()].some((d) => d.startsWith(month)) && (
        <Text size="sm" c="dimmed" ta="center" py="xs">
          <Trans>No hay fechas este mes.</Trans>
        </Text>
      )}
      {dayDates.length > 0 && (
        <section aria-label={format.day(day)} className={classes.calendarTimes}>
          <Text size="sm" fw={700} mb={4}>
            {format.day(day)}
          </Text>
          <ul className={classes.dateOptions}>
            {dayDates.map((d) => (
              <li key={d.id}>
                <DateOptionLink
                  date={d}
                  timezone={timezone}
                  href={props.hrefOf(d.id)}
                  selected={d.id === props.selectedId}
                  withDay={false}
                  onSelect={props.onSelect}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <DateLegend />
    </div>
  );
}

function DateLegend() {
  return (
    <Group gap="md" mt="xs" aria-hidden>
      <Group gap={4}>
        <span className={classes.legendDot} data-state="few_left" />
        <Text size="xs">
          <Trans>Últimas entradas</Trans>
        </Text>
      </Group>
      <Group gap={4}>
        <span className={classes.legendDot} data-state="sold_out" />
        <Text size="xs">
          <Trans>Agotada</Trans>
        </Text>
      </Group>
    </Group>
  );
}
