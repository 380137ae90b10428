import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  AttendeeUpdateInput,
  ManageAttendee,
  ManageAttendeeDetail,
} from '@taquilla/shared/schemas/attendees';
import type { CheckInList, DoorCheckInResult } from '@taquilla/shared/schemas/check-in';
import { api } from '../../lib/api-client.ts';

/** The list's filters as the API takes them: a ticket, a status and a date of the event ('' is left out: all). */
export const attendeeFilters = (opts: { ticketId: string; status: string; dateId: string }) => ({
  ticket_id: { eq: opts.ticketId },
  status: { eq: opts.status },
  event_date_id: { eq: opts.dateId },
});

export const useAttendees = (
  eventId: string,
  opts: { query: string; ticketId: string; status: string; dateId: string; page: number },
) =>
  useQuery({
    queryKey: ['attendees', eventId, 'list', opts],
    queryFn: () =>
      api<ListResponse<ManageAttendee>>(`events/${eventId}/attendees`, {
        query: {
          page: opts.page,
          per_page: 20,
          query: opts.query,
          sort_by: 'last_name',
          sort_direction: 'asc',
          filters: attendeeFilters(opts),
        },
      }),
    placeholderData: keepPreviousData,
  });

export function useUpdateAttendee(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AttendeeUpdateInput & { id: string }) =>
      api(`events/${eventId}/attendees/${id}`, { method: 'PUT', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['attendees', eventId] });
      void qc.invalidateQueries({ queryKey: ['orders', eventId] });
    },
  });
}

export const useResendTicket = (eventId: string) =>
  useMutation({
    mutationFn: (id: string) => api(`events/${eventId}/attendees/${id}/resend`, { method: 'POST' }),
  });

export const useAttendee = (eventId: string, id: string) =>
  useQuery({
    queryKey: ['attendees', eventId, 'detail', id],
    queryFn: () =>
      api<{ data: ManageAttendeeDetail }>(`events/${eventId}/attendees/${id}`).then((r) => r.data),
  });

/** Cancel (the unit goes back on sale) or reactivate (only while there is room) an attendee. */
export function useAttendeeStatus(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'reactivate' }) =>
      api(`events/${eventId}/attendees/${id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['attendees', eventId] });
      void qc.invalidateQueries({ queryKey: ['orders', eventId] });
      void qc.invalidateQueries({ queryKey: ['events', 'detail', eventId] });
    },
  });
}

/** The event's check-in lists, to check someone in from the attendee's detail. */
export const useCheckInListOptions = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['check-in', eventId, 'lists', 'options'],
    queryFn: () =>
      api<ListResponse<CheckInList>>(`events/${eventId}/check-in-lists`, { query: { per_page: 100 } }).then(
        (r) => r.data,
      ),
    enabled,
  });

/** Checks the attendee in on a list: the door's answer (admitted, already in, refused and why). */
export function useDeskCheckIn(eventId: string, attendeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) =>
      api<{ data: DoorCheckInResult }>(`events/${eventId}/check-in-lists/${listId}/check-ins`, {
        method: 'POST',
        body: { attendee_id: attendeeId },
      }).then((r) => r.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['attendees', eventId] });
      void qc.invalidateQueries({ queryKey: ['check-in', eventId] });
    },
  });
}
