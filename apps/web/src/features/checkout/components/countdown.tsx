import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { createContext, useContext, useEffect, useState } from 'react';
import { clock } from '../lib/format.ts';

/**
 * The moment the server rendered the page (ms since the epoch), when it did: the countdown's first
 * render shows the time left at that moment, on the server and in the browser that hydrates it, then
 * the browser's clock takes over.
 */
export const RenderedAtContext = createContext<number | null>(null);

/** Time left on the reservation; calls onExpire once when it reaches zero. */
export function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const deadline = new Date(until).getTime();
  const renderedAt = useContext(RenderedAtContext);
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  const left = deadline - now;

  useEffect(() => setNow(Date.now()), []);

  useEffect(() => {
    if (left <= 0) {
      onExpire();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, onExpire]);

  return (
    <Badge
      size="lg"
      variant="light"
      color={left < 120_000 ? 'red' : 'blue'}
      role="timer"
      aria-live="off"
      data-testid="countdown"
      style={{ fontVariantNumeric: 'tabular-nums', textTransform: 'none' }}
    >
      <Trans>Tiempo restante {clock(left)}</Trans>
    </Badge>
  );
}
