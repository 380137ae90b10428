/**
 * Tickets the locked check lately refused as sold out, in this process. The unlocked early refusal needs
 * the units left of the ticket's tiers — work that only pays off once a ticket has sold out — so it runs
 * only for these tickets; every other reservation goes straight to the locked check, which decides anyway.
 */
const SOLD_OUT_HINT_MS = 10_000;
const soldOutAt = new Map<string, number>();

export function noteSoldOut(ticketId: string) {
  if (soldOutAt.size > 10_000) soldOutAt.clear();
  soldOutAt.set(ticketId, Date.now());
}

export function soldOutLately(ticketId: string): boolean {
  const at = soldOutAt.get(ticketId);
  return at !== undefined && Date.now() - at < SOLD_OUT_HINT_MS;
}
