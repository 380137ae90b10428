import { useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { changeLocale, i18n } from '../../../lib/i18n.ts';
import { usePublicEvent } from '../../checkout/api.ts';
import { EmbeddedContext } from '../../checkout/lib/embedded.ts';
import { CheckoutLayout } from '../../checkout/pages/checkout-layout.tsx';
import { reportFrameHeight } from '../lib/frame-height.ts';
import { recallWidgetOptions, widgetStyle } from '../lib/options.ts';

/**
 * /widget/:eventId/checkout/:orderShortId/* — the checkout steps inside the widget's frame: the same
 * pages as /checkout, told they are embedded (links back go to the widget), in the widget's language
 * and colours, reporting their height to the embedding page.
 */
export function WidgetCheckoutPage() {
  const { eventId = '' } = useParams();
  const { options, search } = useMemo(() => recallWidgetOptions(eventId), [eventId]);
  const event = usePublicEvent(eventId);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? reportFrameHeight(root.current) : undefined), []);
  useEffect(() => {
    if (options.locale && options.locale !== i18n.locale) void changeLocale(options.locale);
  }, [options.locale]);

  const base = `/widget/${encodeURIComponent(eventId)}`;
  const embedded = useMemo(() => ({ eventUrl: `${base}${search}` }), [base, search]);
  return (
    <EmbeddedContext value={embedded}>
      <div
        ref={root}
        style={widgetStyle(event.data?.settings.colors ?? {}, { ...options, padding: options.padding ?? 0 })}
      >
        <CheckoutLayout />
      </div>
    </EmbeddedContext>
  );
}
