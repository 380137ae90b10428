import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { WaitlistEntry, WaitlistSettings } from '@taquilla/shared/schemas/waitlist';
import { api, publicApi } from '../../lib/api-client.ts';

const keys = {
  all: (eventId: string) => ['waitlist', eventId] as const,
  list: (eventId: string, query: string) => ['waitlist', eventId, 'list', query] as const,
  settings: (eventId: string) => ['waitlist', eventId, 'settings'] as const,
};

export const listPath = (eventId: string) => `events/${eventId}/waitlist`;

export const useWaitlist = (eventId: string, query: string) =>
  useQuery({
    queryKey: keys.list(eventId, query),
    queryFn: () => api<ListResponse<WaitlistEntry>>(listPath(eventId), { query: { per_page: 100, query } }),
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
