import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { WaitlistEntry, WaitlistSettings } from '@taquilla/shared/schemas/waitlist';
import { api, publicApi } from '../../lib/api-client.ts';

const keys = {
  all: (eventId: string) => ['waitlist', eventId] as const,
  list: (eventId: string, query: string, dateId: string) =>
    ['waitlist', eventId, 'list', query, dateId] as const,
  settings: (eventId: string) => ['waitlist', eventId, 'settings'] as const,
};

export const listPath = (eventId: string) => `events/${eventId}/waitlist`;

/** The entries, searched by `query` and, on an event with dates, of one date (`dateId`; '' = every date). */
export const useWaitlist = (eventId: string, query: string, dateId = '') =>
  useQuery({
    queryKey: keys.list(eventId, query, dateId),
    queryFn: () =>
      api<ListResponse<WaitlistEntry>>(listPath(eventId), {
        query: {
          per_page: 100,
          query,
          ...(dateId ? { filters: { event_date_id: { eq: dateId } } } : {}),
        },
      }),
  });

export const useWaitlistSettings = (eventId: string) =>
  useQuery({
    queryKey: keys.settings(eventId),
    queryFn: () => api<{ data: WaitlistSettings }>(`${listPath(eventId)}/settings`).then((r) => r.data),
  });

function useWaitlistMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(eventId) }),
  });
}

export const useSaveSettings = (eventId: string) =>
  useWaitlistMutation(eventId, (body: WaitlistSettings) =>
    api(`${listPath(eventId)}/settings`, { method: 'PUT', body }),
  );

export const useOfferEntry = (eventId: string) =>
  useWaitlistMutation(eventId, (entryId: string) =>
    api(`${listPath(eventId)}/${entryId}/offer`, { method: 'POST' }),
  );

export const useRemoveEntry = (eventId: string) =>
  useWaitlistMutation(eventId, (entryId: string) =>
    api(`${listPath(eventId)}/${entryId}`, { method: 'DELETE' }),
  );

export const leaveWaitlist = (token: string) =>
  publicApi<{ data: { state: string } }>('waitlist/leave', { method: 'POST', body: { token } }).then(
    (r) => r.data,
  );
