/** The public list of live events (`GET /api/public/events`). The full event is `PublicEvent` in public.ts. */
import type { PublicImage } from './public.ts';

export interface PublicEventSummary {
  id: string;
  slug: string;
  name: string;
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  location: Record<string, string | undefined>;
  organizer: { id: string; name: string };
  cover: PublicImage | null;
}
