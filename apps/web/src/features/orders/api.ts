import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { OrganizerOrder, OrganizerOrderSummary } from '@taquilla/shared/schemas/checkout';
import { api } from '../../lib/api-client.ts';

const PER_PAGE = 20;

/** The list's status filter: '' = real orders (the server leaves carts out), or one status. */
export type StatusFilter =
  | ''
  | 'COMPLETED'
  | 'AWAITING_OFFLINE_PAYMENT'
  | 'CANCELLED'
  | 'RESERVED'
  | 'ABANDONED';

export const useOrders = (eventId: string, opts: { query: string; status: StatusFilter; page: number }) =>
  useQuery({
    queryKey: ['orders', eventId, 'list', opts],
    queryFn: () =>
      api<ListResponse<OrganizerOrderSummary>>(`events/${eventId}/orders`, {
        query: {
          page: opts.page,
          per_page: PER_PAGE,
          query: opts.query,
          filters: opts.status ? { status: { eq: opts.status } } : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useOrder = (eventId: string, orderId: string) =>
  useQuery({
    queryKey: ['orders', eventId, 'detail', orderId],
    queryFn: () => api<{ data: OrganizerOrder }>(`events/${eventId}/orders/${orderId}`).then((r) => r.data),
  });

export function useMarkPaid(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<{ data: OrganizerOrder }>(`events/${eventId}/orders/${orderId}/mark-paid`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['orders', eventId] });
      void qc.invalidateQueries({ queryKey: ['events', 'detail', eventId] });
    },
  });
}
