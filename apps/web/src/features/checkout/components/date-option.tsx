import { Trans } from '@lingui/react/macro';
import { Badge, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { EventDateOption } from '../lib/event-dates.ts';
import { usePageFormat } from '../lib/page-format.ts';
import classes from './public.module.css';

/** Sold out, not on sale yet, sale closed or few left, as a badge beside a date. */
export function DateAvailability({ date, timezone }: { date: EventDateOption; timezone: string }) {
  const format = usePageFormat();
  if (date.sold_out || date.status === 'SOLD_OUT') {
    return (
      <Badge variant="light" color="gray" className={classes.dateBadge}>
        <Trans>Agotada</Trans>
      </Badge>
    );
  }
  if (date.sale_state === 'NOT_STARTED') {
    const when = date.sale_starts_at ? format.dayShort(date.sale_starts_at, timezone) : null;
    return (
      <Badge variant="light" color="blue" className={classes.dateBadge}>
        {when ? <Trans>A la venta el {when}</Trans> : <Trans>Próximamente</Trans>}
      </Badge>
    );
  }
  if (date.sale_state === 'ENDED') {
    return (
      <Badge variant="light" color="gray" className={classes.dateBadge}>
        <Trans>Venta cerrada</Trans>
      </Badge>
    );
  }
  if (date.few_left) {
    return (
      <Badge variant="light" color="orange" className={classes.dateBadge}>
        <Trans>Últimas entradas</Trans>
      </Badge>
    );
  }
  return null;
}

/**
 * One date as a link to its own address (`?date=`): it works without JavaScript (the server renders that
 * date), and with it the page switches in place. `withDay` writes the day too (the list), else the time
 * only (under a chosen day of the calendar).
 */
export function DateOptionLink(props: {
  date: EventDateOption;
  timezone: string;
  href: string;
  selected: boolean;
  withDay: boolean;
  onSelect: (date: EventDateOption) => void;
}) {
  const { date, timezone } = props;
  const format = usePageFormat();
  const place = date.location?.venue_name || date.location?.city;
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    props.onSelect(date);
  };
  return (
    <a
      href={props.href}
      className={classes.dateOption}
      aria-current={props.selected ? 'true' : undefined}
      onClick={click}
      data-testid="date-option"
    >
      <span className={classes.dateOptionText}>
        {props.withDay && (
          <Text span fw={700}>
            {format.dayShort(date.starts_at, timezone)}
          </Text>
        )}
        <Text span fw={props.withDay ? 400 : 700}>
          {format.time(date.starts_at, timezone)}
          {date.ends_at && ` – ${format.time(date.ends_at, timezone)}`}
        </Text>
        {place && (
          <Text span size="sm" c="dimmed" className={classes.datePlace}>
            {place}
          </Text>
        )}
      </span>
      <DateAvailability date={date} timezone={timezone} />
    </a>
  );
}
