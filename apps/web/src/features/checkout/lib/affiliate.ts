/** `?aff=CODE` is remembered for the browser session so the sale is credited after navigating around. */
const key = (eventId: string) => `taquilla.aff.${eventId}`;

export function rememberAffiliate(eventId: string, code: string): void {
  try {
    sessionStorage.setItem(key(eventId), code.slice(0, 100));
  } catch {
    // storage disabled: the code only applies while the page stays open
  }
}

export function takeAffiliate(eventId: string): string | null {
  try {
    return sessionStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}
