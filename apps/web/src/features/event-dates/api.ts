import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  BulkEditDatesInput,
  CancelDateInput,
  CancelledDate,
  EventDate,
  EventDateInput,
  MoveDateInput,
  MovedDate,
  RepetitionRuleInput,
  RuleDatesInput,
  RulePreview,
} from '@taquilla/shared/schemas/event-dates';
import { api } from '../../lib/api-client.ts';

/** The dates (occurrences) of an event: list, preview of a rule, and the changes (issue #27). */
export const datesKey = (eventId: string) => ['event-dates', eventId] as const;

/**
 * The event's dates, earliest first: the first 100 (pickers), or one page of the «Fechas» list; `from` (an
 * instant) keeps those starting from it on.
 */
export const useEventDates = (eventId: string, list: { page?: number; from?: string } = {}) =>
  useQuery({
    queryKey: [...datesKey(eventId), list],
    queryFn: () =>
      api<ListResponse<EventDate>>(`events/${eventId}/dates`, {
        query: {
          per_page: 100,
          page: list.page,
          ...(list.from ? { filters: { starts_at: { gte: list.from } } } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The server's preview of a rule (first, last, count), or its 422; `rule` null while the form is incomplete. */
export const useRulePreview = (eventId: string, rule: RepetitionRuleInput | null) =>
  useQuery({
    queryKey: [...datesKey(eventId), 'preview', rule],
    queryFn: () =>
      api<{ data: RulePreview }>(`events/${eventId}/dates/preview`, { method: 'POST', body: { rule } }).then(
        (r) => r.data,
      ),
    enabled: rule !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

function useDatesMutation<V, R>(eventId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: datesKey(eventId) }),
  });
}

const base = (eventId: string) => `events/${eventId}/dates`;

export const useSaveDate = (eventId: string) =>
  useDatesMutation(eventId, ({ id, ...body }: EventDateInput & { id?: string }) =>
    id
      ? api(`${base(eventId)}/${id}`, { method: 'PUT', body })
      : api(base(eventId), { method: 'POST', body }),
  );
export const useCreateFromRule = (eventId: string) =>
  useDatesMutation(eventId, (body: RuleDatesInput) =>
    api<{ data: { created: number; skipped: number } }>(`${base(eventId)}/from-rule`, {
      method: 'POST',
      body,
    }).then((r) => r.data),
  );
export const useBulkEditDates = (eventId: string) =>
  useDatesMutation(eventId, (body: BulkEditDatesInput) =>
    api<{ data: { updated: number } }>(`${base(eventId)}/bulk-edit`, { method: 'POST', body }).then(
      (r) => r.data,
    ),
  );
export const useDeleteDate = (eventId: string) =>
  useDatesMutation(eventId, (id: string) => api(`${base(eventId)}/${id}`, { method: 'DELETE' }));
export const useCancelDate = (eventId: string) =>
  useDatesMutation(eventId, ({ id, ...body }: CancelDateInput & { id: string }) =>
    api<{ data: CancelledDate }>(`${base(eventId)}/${id}/cancel`, { method: 'POST', body }).then(
      (r) => r.data,
    ),
  );
export const useMoveDate = (eventId: string) =>
  useDatesMutation(eventId, ({ id, ...body }: MoveDateInput & { id: string }) =>
    api<{ data: MovedDate }>(`${base(eventId)}/${id}/move`, { method: 'POST', body }).then((r) => r.data),
  );

/** One date of the event (a picker names the chosen one when it is not among those loaded). */
export const useEventDate = (eventId: string, id: string | null) =>
  useQuery({
    queryKey: [...datesKey(eventId), 'one', id],
    queryFn: () => api<{ data: EventDate }>(`events/${eventId}/dates/${id}`).then((r) => r.data),
    enabled: id !== null,
  });
