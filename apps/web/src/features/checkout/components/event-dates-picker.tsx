import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { MAX_DATES_RANGE_DAYS } from '@taquilla/shared/event-date-limits';
import { useCallback, useId, useMemo, useState } from 'react';
import {
  addDays,
  type DatesPickerProps,
  type EventDateOption,
  fetchDatesRange,
  type PickerInner,
} from '../lib/event-dates.ts';
import { DateOptionLink } from './date-option.tsx';
import { DatesCalendar } from './dates-calendar.tsx';
import classes from './public.module.css';

const LIST_STEP = 10;

/**
 * The upcoming dates of an event: a list on a phone, a month calendar on a wide screen (one or the other
 * shown by the style sheet, so the server renders both and the browser hydrates the same markup).
 */
export function EventDatesPicker(props: DatesPickerProps) {
  const { t } = useLingui();
  const headingId = useId();
  const [extra, setExtra] = useState<EventDateOption[]>([]);
  const known = useMemo(() => {
    const all = new Map<string, EventDateOption>();
    for (const d of [...props.dates, ...extra]) all.set(d.id, d);
    return [...all.values()].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  }, [props.dates, extra]);
  const loadRange = useCallback(
    async (from: string, to: string) => {
      const found = await fetchDatesRange(props.eventId, from, to);
      setExtra((e) => [...e, ...found]);
      return found;
    },
    [props.eventId],
  );
  const common = { ...props, known, loadRange };
  return (
    <section aria-labelledby={headingId} className={classes.datesPicker} data-testid="event-dates">
      <Title order={3} size="h4" id={headingId} mb="xs">
        <Trans>Fechas</Trans>
      </Title>
      {known.length === 0 ? (
        <p>{t`No quedan fechas a la venta.`}</p>
      ) : (
        <>
          <div className={classes.datesList}>
            <DatesList {...common} />
          </div>
          <div className={classes.datesCalendar}>
            <DatesCalendar {...common} />
          </div>
        </>
      )}
    </section>
  );
}

function DatesList(props: PickerInner) {
  const { known, total } = props;
  const [shown, setShown] = useState(LIST_STEP);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState<string | null>(null);
  const visible = known.slice(0, shown);
  const more = shown < known.length || known.length < total;
  const showMore = async () => {
    if (shown < known.length) return setShown(shown + LIST_STEP);
    // Every known date is on screen: ask for the two months after the last day asked about.
    const from = searched ? addDays(searched, 1) : (known.at(-1)?.starts_at.slice(0, 10) ?? '');
    const to = addDays(from, MAX_DATES_RANGE_DAYS - 1);
    setLoading(true);
    try {
      await props.loadRange(from, to);
      setSearched(to);
      setShown(shown + LIST_STEP);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs">
      <ul className={classes.dateOptions}>
        {visible.map((d) => (
          <li key={d.id}>
            <DateOptionLink
              date={d}
              timezone={props.timezone}
              href={props.hrefOf(d.id)}
              selected={d.id === props.selectedId}
              withDay
              onSelect={props.onSelect}
            />
          </li>
        ))}
      </ul>
      {more && (
        <Button variant="default" onClick={() => void showMore()} loading={loading}>
          <Trans>Ver más fechas</Trans>
        </Button>
      )}
    </Stack>
  );
}
