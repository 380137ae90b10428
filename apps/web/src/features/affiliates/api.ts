import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  Affiliate,
  AffiliateInput,
  PromoterDetailStats,
  PromoterStats,
} from '@taquilla/shared/schemas/affiliates';
import { api } from '../../lib/api-client.ts';

const keys = {
  all: (eventId: string) => ['affiliates', eventId] as const,
  list: (eventId: string, query: string) => ['affiliates', eventId, 'list', query] as const,
  stats: (eventId: string) => ['affiliates', eventId, 'stats'] as const,
  detail: (eventId: string, id: string) => ['affiliates', eventId, 'detail', id] as const,
};

export const useAffiliates = (eventId: string, query: string) =>
  useQuery({
    queryKey: keys.list(eventId, query),
    queryFn: () =>
      api<ListResponse<Affiliate>>(`events/${eventId}/affiliates`, {
        query: { per_page: 100, sort_by: 'name', sort_direction: 'asc', query },
      }).then((r) => r.data),
  });

export const usePromoterStats = (eventId: string) =>
  useQuery({
    queryKey: keys.stats(eventId),
    queryFn: () => api<{ data: PromoterStats }>(`events/${eventId}/promoter/stats`).then((r) => r.data),
  });

export const usePromoterDetail = (eventId: string, id: string) =>
  useQuery({
    queryKey: keys.detail(eventId, id),
    queryFn: () =>
      api<{ data: PromoterDetailStats }>(`events/${eventId}/promoter/${id}/stats`).then((r) => r.data),
  });

function useAffiliateMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(eventId) }),
  });
}

export const useSaveAffiliate = (eventId: string) =>
  useAffiliateMutation(eventId, ({ id, ...body }: AffiliateInput & { id?: string }) =>
    id
      ? api(`events/${eventId}/affiliates/${id}`, { method: 'PUT', body })
      : api(`events/${eventId}/affiliates`, { method: 'POST', body }),
  );

export const useDeleteAffiliate = (eventId: string) =>
  useAffiliateMutation(eventId, (id: string) =>
    api(`events/${eventId}/affiliates/${id}`, { method: 'DELETE' }),
  );
