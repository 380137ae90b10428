import { createContext, useContext } from 'react';
import type { PageColors } from './event-colors.ts';

/**
 * Set when the checkout runs inside the embeddable widget's frame (`/widget/{eventId}/checkout/...`):
 * "back to the event" goes to the widget, Stripe opens in a tab of its own, and the pages take the
 * snippet's colours (over the event's).
 */
export interface Embedded {
  eventUrl: string;
  colors?: PageColors;
}

export const EmbeddedContext = createContext<Embedded | null>(null);
export const useEmbedded = () => useContext(EmbeddedContext);
