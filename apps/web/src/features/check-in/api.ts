import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  CheckInList,
  CheckInListInput,
  CheckInStats,
  DoorAttendee,
  DoorList,
} from '@taquilla/shared/schemas/check-in';
import { api, publicApi } from '../../lib/api-client.ts';

const keys = {
  lists: (eventId: string) => ['check-in', eventId] as const,
  door: (shortId: string) => ['check-in-door', shortId] as const,
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

/** The door (public, no login): /api/public calls without credentials, in the page's language. */
const doorPath = (shortId: string) => `check-in-lists/${encodeURIComponent(shortId)}`;

export const useDoorList = (shortId: string) =>
  useQuery({
    queryKey: [...keys.door(shortId), 'list'],
    queryFn: () => publicApi<{ data: DoorList }>(doorPath(shortId)).then((r) => r.data),
    refetchInterval: 30_000,
    retry: false,
  });

export const useDoorAttendees = (shortId: string, query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...keys.door(shortId), 'attendees', query],
    queryFn: () =>
      publicApi<ListResponse<DoorAttendee>>(`${doorPath(shortId)}/attendees`, {
        query: { query, per_page: 30 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

function useDoorMutation<V>(shortId: string, fn: (v: V) => Promise<{ data: DoorAttendee }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(v).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.door(shortId) }),
  });
}

export const useCheckIn = (shortId: string) =>
  useDoorMutation(shortId, (code: string) =>
    publicApi<{ data: DoorAttendee }>(`${doorPath(shortId)}/check-ins`, { method: 'POST', body: { code } }),
  );

export const useUndoCheckIn = (shortId: string) =>
  useDoorMutation(shortId, (attendeeShortId: string) =>
    publicApi<{ data: DoorAttendee }>(
      `${doorPath(shortId)}/check-ins/${encodeURIComponent(attendeeShortId)}`,
      {
        method: 'DELETE',
      },
    ),
  );

export const useCheckInStats = (eventId: string) =>
  useQuery({
    queryKey: [...keys.lists(eventId), 'stats'],
    queryFn: () => api<{ data: CheckInStats }>(`events/${eventId}/check_in_stats`).then((r) => r.data),
  });
