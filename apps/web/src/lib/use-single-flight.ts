import { useCallback, useRef } from 'react';

/**
 * Runs an action at most once at a time per key: a double click on a button that sends a request sends
 * it once. The mutation's own pending state comes one render too late to stop the second click.
 */
export function useSingleFlight() {
  const running = useRef(new Set<string>());
  return useCallback(async (key: string, action: () => Promise<void>) => {
    if (running.current.has(key)) return;
    running.current.add(key);
    try {
      await action();
    } finally {
      running.current.delete(key);
    }
  }, []);
}
