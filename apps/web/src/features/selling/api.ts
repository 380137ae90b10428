import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { CapacityAssignment, CapacityAssignmentInput } from '@taquilla/shared/schemas/capacity';
import type { PromoCode, PromoCodeInput } from '@taquilla/shared/schemas/promo-codes';
import type { Question, QuestionInput } from '@taquilla/shared/schemas/questions';
import type { TaxOrFee } from '@taquilla/shared/schemas/taxes';
import type { TicketInput } from '@taquilla/shared/schemas/tickets';
import { api } from '../../lib/api-client.ts';
import { eventTicketsKey } from '../../lib/event-queries.ts';

export { useEventTickets as useTickets, useManageEvent as useSellingEvent } from '../../lib/event-queries.ts';

/** Fetchers and mutations of the selling setup: tickets, capacity assignments, promo codes, questions. */
const ALL = { per_page: 100 };

export const sellingKeys = {
  tickets: eventTicketsKey,
  capacity: (eventId: string) => ['selling', eventId, 'capacity'] as const,
  promoCodes: (eventId: string, query: string) => ['selling', eventId, 'promo-codes', query] as const,
  questions: (eventId: string) => ['selling', eventId, 'questions'] as const,
};

export const useAccountTaxes = () =>
  useQuery({
    queryKey: ['taxes'],
    queryFn: () => api<{ data: TaxOrFee[] }>('accounts/me/taxes-and-fees').then((r) => r.data),
  });

export const useCapacityAssignments = (eventId: string) =>
  useQuery({
    queryKey: sellingKeys.capacity(eventId),
    queryFn: () =>
      api<ListResponse<CapacityAssignment>>(`events/${eventId}/capacity-assignments`, { query: ALL }).then(
        (r) => r.data,
      ),
  });

export const usePromoCodes = (eventId: string, query = '') =>
  useQuery({
    queryKey: sellingKeys.promoCodes(eventId, query),
    queryFn: () =>
      api<ListResponse<PromoCode>>(`events/${eventId}/promo-codes`, { query: { ...ALL, query } }).then(
        (r) => r.data,
      ),
  });

export const useQuestions = (eventId: string) =>
  useQuery({
    queryKey: sellingKeys.questions(eventId),
    queryFn: () =>
      api<ListResponse<Question>>(`events/${eventId}/questions`, { query: ALL }).then((r) => r.data),
  });

/** Any change to the selling setup can move availability everywhere (and the event's checklist). */
function useSellingMutation<V, R>(eventId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['selling', eventId] });
      void qc.invalidateQueries({ queryKey: ['events', 'detail', eventId] });
    },
  });
}

type WithId<T> = T & { id?: string };
const save = <T>(base: string, { id, ...body }: WithId<T>) =>
  id ? api(`${base}/${id}`, { method: 'PUT', body }) : api(base, { method: 'POST', body });
const remove = (base: string, id: string) => api(`${base}/${id}`, { method: 'DELETE' });
const sort = (base: string, ids: string[]) => api(`${base}/sort`, { method: 'PUT', body: { ids } });

export const useSaveTicket = (eventId: string) =>
  useSellingMutation(eventId, (v: WithId<TicketInput>) => save(`events/${eventId}/tickets`, v));
export const useDeleteTicket = (eventId: string) =>
  useSellingMutation(eventId, (id: string) => remove(`events/${eventId}/tickets`, id));
/** Reorders a cached list at once, so the new order shows while the server saves it. */
function useSortMutation(eventId: string, key: readonly unknown[], path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => sort(path, ids),
    onMutate: (ids) => {
      qc.setQueryData<{ id: string }[]>(key, (list) => {
        if (!list) return list;
        const moved = ids.map((id) => list.find((x) => x.id === id)).filter((x): x is { id: string } => !!x);
        return [...list.filter((x) => !ids.includes(x.id)), ...moved];
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['selling', eventId] }),
  });
}

export const useSortTickets = (eventId: string) =>
  useSortMutation(eventId, sellingKeys.tickets(eventId), `events/${eventId}/tickets`);

export const useSaveCapacity = (eventId: string) =>
  useSellingMutation(eventId, (v: WithId<CapacityAssignmentInput>) =>
    save(`events/${eventId}/capacity-assignments`, v),
  );
export const useDeleteCapacity = (eventId: string) =>
  useSellingMutation(eventId, (id: string) => remove(`events/${eventId}/capacity-assignments`, id));

export const useSavePromoCode = (eventId: string) =>
  useSellingMutation(eventId, (v: WithId<PromoCodeInput>) => save(`events/${eventId}/promo-codes`, v));
export const useDeletePromoCode = (eventId: string) =>
  useSellingMutation(eventId, (id: string) => remove(`events/${eventId}/promo-codes`, id));

export const useSaveQuestion = (eventId: string) =>
  useSellingMutation(eventId, (v: WithId<QuestionInput>) => save(`events/${eventId}/questions`, v));
export const useDeleteQuestion = (eventId: string) =>
  useSellingMutation(eventId, (id: string) => remove(`events/${eventId}/questions`, id));
export const useSortQuestions = (eventId: string) =>
  useSortMutation(eventId, sellingKeys.questions(eventId), `events/${eventId}/questions`);
