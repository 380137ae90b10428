import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clock } from '../lib/format.ts';

/** Time left on the reservation; calls onExpire once when it reaches zero. */
export function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const deadline = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = deadline - now;

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
