import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingRoom, WaitingRoomSettingsInput } from '@taquilla/shared/schemas/waiting-room';
import { api } from '../../lib/api-client.ts';

const key = (eventId: string) => ['waiting-room', eventId] as const;
const path = (eventId: string) => `events/${eventId}/waiting-room`;

/** The room's settings and live figures, asked again every few seconds while the screen is open. */
export const useWaitingRoom = (eventId: string) =>
  useQuery({
    queryKey: key(eventId),
    queryFn: () => api<{ data: WaitingRoom }>(path(eventId)).then((r) => r.data),
    refetchInterval: 3000,
  });

export const useSaveWaitingRoom = (eventId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitingRoomSettingsInput) =>
      api<{ data: WaitingRoom }>(path(eventId), { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (room) => qc.setQueryData(key(eventId), room),
  });
};
