import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { ManageAttendee } from '@taquilla/shared/schemas/attendees';
import type {
  AudienceCount,
  Message,
  MessageAudience,
  MessageInput,
  MessageTestResult,
} from '@taquilla/shared/schemas/messages';
import { api } from '../../lib/api-client.ts';

const keys = {
  all: (eventId: string) => ['messages', eventId] as const,
  list: (eventId: string, page: number) => ['messages', eventId, 'list', page] as const,
  audience: (eventId: string, audience: MessageAudience) =>
    ['messages', eventId, 'audience', audience] as const,
  attendees: (eventId: string, query: string) => ['messages', eventId, 'attendees', query] as const,
};

/** The history; refreshed every few seconds while a message is still on its way. */
export const useMessages = (eventId: string, page: number) =>
  useQuery({
    queryKey: keys.list(eventId, page),
    queryFn: () =>
      api<ListResponse<Message>>(`events/${eventId}/messages`, {
        query: { page, per_page: 20, sort_by: 'created_at', sort_direction: 'desc' },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((m) => m.status === 'SENDING' || m.status === 'SCHEDULED') ? 3000 : false,
  });

/** How many distinct addresses the audience reaches now (null while the audience is incomplete). */
export const useAudienceCount = (eventId: string, audience: MessageAudience | null) =>
  useQuery({
    queryKey: keys.audience(eventId, audience ?? { type: 'ALL_ATTENDEES' }),
    enabled: audience !== null,
    queryFn: () =>
      api<{ data: AudienceCount }>(`events/${eventId}/messages/audience`, {
        method: 'POST',
        body: { audience },
      }).then((r) => r.data.recipients_count),
    placeholderData: keepPreviousData,
  });

/** Attendees to choose from, by name or e-mail. */
export const useAttendeeOptions = (eventId: string, query: string) =>
  useQuery({
    queryKey: keys.attendees(eventId, query),
    queryFn: () =>
      api<ListResponse<ManageAttendee>>(`events/${eventId}/attendees`, {
        query: { per_page: 50, query },
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useSendMessage = (eventId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageInput) =>
      api<{ data: Message | MessageTestResult }>(`events/${eventId}/messages`, { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(eventId) }),
  });
};

export const useCancelMessage = (eventId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`events/${eventId}/messages/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(eventId) }),
  });
};
