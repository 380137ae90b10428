import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  CheckInConflict,
  CheckInList,
  CheckInListInput,
  CheckInStats,
} from '@taquilla/shared/schemas/check-in';
import { api } from '../../lib/api-client.ts';

const keys = {
  lists: (eventId: string) => ['check-in', eventId] as const,
};

export const useCheckInLists = (eventId: string) =>
  useQuery({
    queryKey: keys.lists(eventId),
    queryFn: () =>
      api<ListResponse<CheckInList>>(`events/${eventId}/check-in-lists`, {
        query: { per_page: 100, sort_by: 'name', sort_direction: 'asc' },
      }).then((r) => r.data),
  });

function useListMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.lists(eventId) }),
  });
}

export const useSaveCheckInList = (eventId: string) =>
  useListMutation(eventId, ({ id, ...body }: CheckInListInput & { id?: string }) =>
    id
      ? api(`events/${eventId}/check-in-lists/${id}`, { method: 'PUT', body })
      : api(`events/${eventId}/check-in-lists`, { method: 'POST', body }),
  );

export const useDeleteCheckInList = (eventId: string) =>
  useListMutation(eventId, (id: string) =>
    api(`events/${eventId}/check-in-lists/${id}`, { method: 'DELETE' }),
  );

/** Offline scans the server could not keep, for the list's card (loaded when the organizer opens them). */
export const useCheckInConflicts = (eventId: string, listId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...keys.lists(eventId), 'conflicts', listId],
    queryFn: () =>
      api<{ data: CheckInConflict[] }>(`events/${eventId}/check-in-lists/${listId}/conflicts`).then(
        (r) => r.data,
      ),
    enabled,
  });

export const useCheckInStats = (eventId: string) =>
  useQuery({
    queryKey: [...keys.lists(eventId), 'stats'],
    queryFn: () => api<{ data: CheckInStats }>(`events/${eventId}/check_in_stats`).then((r) => r.data),
  });
