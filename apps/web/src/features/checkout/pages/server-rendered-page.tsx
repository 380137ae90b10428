import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { EventUnavailable } from '../components/event-unavailable.tsx';

/**
 * /e/*, /event/*, /checkout/*, /ticket/* and /order/* inside the web app. The server answers these
 * addresses itself, not with this app: a client-side visit (a router link someone forgot to make a plain `<a href>`) loads the document
 * again so the server answers. When this document was itself loaded at that address, no server page
 * exists for it, and reloading would loop.
 */
export function ServerRenderedPage() {
  const loadedHere = performance.getEntriesByType('navigation')[0]?.name === window.location.href;
  useEffect(() => {
    if (!loadedHere) window.location.reload();
  }, [loadedHere]);
  if (loadedHere) return <EventUnavailable />;
  return (
    <Center mih="60vh">
      <Loader />
    </Center>
  );
}
