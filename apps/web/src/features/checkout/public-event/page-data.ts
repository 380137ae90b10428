import type { Messages } from '@lingui/core';
import type { Locale, PublicEvent } from '@taquilla/shared';

/**
 * What the server inlines into event.html (`<script type="application/json" id="__TAQUILLA_DATA__">`).
 * `event` is always there when the server served the page (null: unavailable). The rest comes with a
 * server-rendered page, and the browser hydrates with exactly these: the request's locale, its
 * messages and the dates and prices as the server wrote them.
 */
export interface EventPageData {
  event: PublicEvent | null;
  /** The address's `?date=` is not an upcoming date of the event. */
  dateRefused?: boolean;
  locale?: Locale;
  messages?: Messages;
  formats?: Record<string, string>;
}

export function readPageData(): EventPageData | null {
  const el = document.getElementById('__TAQUILLA_DATA__');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as EventPageData;
  } catch {
    return null;
  }
}
