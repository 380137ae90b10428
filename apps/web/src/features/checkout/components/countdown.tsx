import { Trans } from '@lingui/react/macro';
import { Badge, Stack } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { clock } from '../lib/format.ts';

/**
 * The moment the server rendered the page (ms since the epoch), when it did: the countdown's first
 * render shows the time left at that moment, on the server and in the browser that hydrates it, then
 * the browser's clock takes over.
 */
export const RenderedAtContext = createContext<number | null>(null);

/** From this much time left the page warns the buyer (WCAG 2.2.1 asks for at least 20 seconds). */
export const WARN_BEFORE_MS = 120_000;

/**
 * Time left on the reservation; calls onExpire once when it reaches zero. In the last two minutes,
 * `warning` (given the time left) is shown under it.
 */
export function Countdown({
  until,
  onExpire,
  warning,
}: {
  until: string;
  onExpire: () => void;
  warning?: (left: number) => ReactNode;
}) {
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

  const badge = (
    <Badge
      size="lg"
      variant="light"
      color={left < WARN_BEFORE_MS ? 'red' : 'blue'}
      role="timer"
      aria-live="off"
      data-testid="countdown"
      style={{ fontVariantNumeric: 'tabular-nums', textTransform: 'none' }}
    >
      <Trans>Tiempo restante {clock(left)}</Trans>
    </Badge>
  );
  if (!warning || left > WARN_BEFORE_MS || left <= 0) return badge;
  return (
    <Stack gap="xs" align="flex-end">
      {badge}
      {warning(left)}
    </Stack>
  );
}
