import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { ManageEventDetail } from '@taquilla/shared/schemas/events';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { api } from './api-client.ts';

/**
 * The back-office reads every event section needs: the event (currency, time zone, slug) and its tickets.
 * One cache entry each, shared by all sections and refreshed by the features that change them.
 */
export const eventDetailKey = (eventId: string) => ['events', 'detail', eventId] as const;
export const eventTicketsKey = (eventId: string) => ['selling', eventId, 'tickets'] as const;

export const useManageEvent = (eventId: string) =>
  useQuery({
    queryKey: eventDetailKey(eventId),
    queryFn: () => api<{ data: ManageEventDetail }>(`events/${eventId}`).then((r) => r.data),
  });

export const useEventTickets = (eventId: string) =>
  useQuery({
    queryKey: eventTicketsKey(eventId),
    queryFn: () =>
      api<ListResponse<Ticket>>(`events/${eventId}/tickets`, { query: { per_page: 100 } }).then(
        (r) => r.data,
      ),
  });
