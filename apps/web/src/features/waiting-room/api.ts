import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingRoom, WaitingRoomSettingsInput } from '@taquilla/shared/schemas/waiting-room';
import { api } from '../../lib/api-client.ts';

/** `dateId`: one date's room (#27); '' is the event's room. */
const key = (eventId: string, dateId: string) => ['waiting-room', eventId, dateId] as const;
const path = (eventId: string, dateId: string) =>
  `events/${eventId}/waiting-room${dateId ? `?date=${encodeURIComponent(dateId)}` : ''}`;

/** The room's settings and live figures, asked again every few seconds while the screen is open. */
export const useWaitingRoom = (eventId: string, dateId = '') =>
  useQuery({
    queryKey: key(eventId, dateId),
    queryFn: () => api<{ data: WaitingRoom }>(path(eventId, dateId)).then((r) => r.data),
    refetchInterval: 3000,
  });

export const useSaveWaitingRoom = (eventId: string, dateId = '') => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitingRoomSettingsInput) =>
      api<{ data: WaitingRoom }>(path(eventId, dateId), { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (room) => qc.setQueryData(key(eventId, dateId), room),
  });
};
