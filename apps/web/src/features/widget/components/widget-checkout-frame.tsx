import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { usePublicEvent } from '../../checkout/api.ts';
import { EmbeddedContext } from '../../checkout/lib/embedded.ts';
import { CheckoutLayout } from '../../checkout/pages/checkout-layout.tsx';
import { reportFrameHeight } from '../lib/frame-height.ts';
import {
  readWidgetOptions,
  recallWidgetOptions,
  rememberWidgetOptions,
  widgetColors,
} from '../lib/options.ts';

/**
 * /widget/:eventId/checkout/:orderShortId/* — the checkout steps inside the widget's frame, on the
 * checkout's light page: the same steps as /checkout, told they are embedded (links back go to the
 * widget), in the widget's colours, reporting their height to the embedding page. The frame's options
 * come in the address the widget opened (so the server renders them too); steps reached inside the
 * frame keep them, and a reload of a later step finds them in the frame's session.
 */
export function WidgetCheckoutFrame() {
  const { eventId = '' } = useParams();
  const location = useLocation();
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    if (search) rememberWidgetOptions(eventId, search);
    else {
      const recalled = recallWidgetOptions(eventId).search;
      if (recalled) setSearch(recalled);
    }
  }, [eventId, search]);
  const options = useMemo(() => readWidgetOptions(search), [search]);
  const event = usePublicEvent(eventId);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? reportFrameHeight(root.current) : undefined), []);

  const colors = event.data?.settings.colors;
  const embedded = useMemo(
    () => ({
      eventUrl: `/widget/${encodeURIComponent(eventId)}${search}`,
      colors: widgetColors(colors ?? {}, options),
    }),
    [eventId, search, colors, options],
  );
  return (
    <EmbeddedContext value={embedded}>
      <div ref={root} style={{ padding: options.padding ?? 0 }}>
        <CheckoutLayout />
      </div>
    </EmbeddedContext>
  );
}
