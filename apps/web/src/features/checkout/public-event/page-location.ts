/**
 * What the public event page needs from the address bar, without a router: its event id, the query
 * string, a way to rewrite the query string in place (promo codes) and a way to leave the page. Leaving
 * is a full document load: checkout is a screen of the main web app.
 */
export interface PageLocation {
  eventId: string;
  search: string;
  replaceSearch: (search: URLSearchParams) => void;
  navigate: (url: string) => void;
}

/** `/e/{eventId}/{slug}` or `/event/{eventId}/{slug}` → the event id. */
export function eventIdFromPath(pathname: string): string {
  const [, prefix, id = ''] = pathname.split('/');
  if (prefix !== 'e' && prefix !== 'event') return '';
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export function browserLocation(): PageLocation {
  return {
    eventId: eventIdFromPath(window.location.pathname),
    search: window.location.search,
    replaceSearch: (search) => {
      const qs = search.toString();
      const url = `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', url);
    },
    navigate: (url) => window.location.assign(url),
  };
}

/** The request's address while rendering on the server, where nothing navigates. */
export function serverLocation(eventId: string, search: string): PageLocation {
  return { eventId, search, replaceSearch: () => undefined, navigate: () => undefined };
}
