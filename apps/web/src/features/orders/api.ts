import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type { OrganizerOrder, OrganizerOrderSummary } from '@taquilla/shared/schemas/checkout';
import type { InvoiceSummary } from '@taquilla/shared/schemas/invoices';
import type { FailedDelivery } from '@taquilla/shared/schemas/messages';
import type {
  CancelOrderInput,
  ManualOrderInput,
  ManualOrderPrice,
  ManualOrderPriceInput,
  OrderEmail,
  OrderNotesInput,
  OrderUpdateInput,
  RefundOrderInput,
} from '@taquilla/shared/schemas/orders';
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

/** What the order list sorts by (the server's allow-list for `sort_by`). */
export const ORDER_SORTS = ['created_at', 'last_name', 'total_cents', 'status'] as const;

/** The list's filters as the API takes them: a status and a date of the event ('' is left out: all). */
export const orderFilters = (opts: { status: StatusFilter; dateId: string }) => ({
  status: { eq: opts.status },
  event_date_id: { eq: opts.dateId },
});

export const useOrders = (
  eventId: string,
  opts: {
    query: string;
    status: StatusFilter;
    dateId: string;
    page: number;
    sort: { by: string; direction: 'asc' | 'desc' };
  },
) =>
  useQuery({
    queryKey: ['orders', eventId, 'list', opts],
    queryFn: () =>
      api<ListResponse<OrganizerOrderSummary>>(`events/${eventId}/orders`, {
        query: {
          page: opts.page,
          per_page: PER_PAGE,
          query: opts.query,
          sort_by: opts.sort.by,
          sort_direction: opts.sort.direction,
          filters: orderFilters(opts),
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

/** After an action the drawer shows the order the server answered; lists and the dashboard refresh. */
function useOrderAction<Body>(eventId: string, path: (orderId: string) => string, method: 'POST' | 'PUT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: Body }) =>
      api<{ data: OrganizerOrder }>(`events/${eventId}/orders/${path(orderId)}`, { method, body }).then(
        (r) => r.data,
      ),
    onSuccess: (order) => {
      qc.setQueryData(['orders', eventId, 'detail', order.id], order);
      void qc.invalidateQueries({ queryKey: ['orders', eventId, 'list'] });
      void qc.invalidateQueries({ queryKey: ['attendees', eventId] });
      void qc.invalidateQueries({ queryKey: ['events', 'detail', eventId] });
    },
  });
}

export const useRefundOrder = (eventId: string) =>
  useOrderAction<RefundOrderInput>(eventId, (id) => `${id}/refund`, 'POST');
export const useCancelOrder = (eventId: string) =>
  useOrderAction<CancelOrderInput>(eventId, (id) => `${id}/cancel`, 'POST');
export const useEditOrder = (eventId: string) => useOrderAction<OrderUpdateInput>(eventId, (id) => id, 'PUT');
export const useOrderNotes = (eventId: string) =>
  useOrderAction<OrderNotesInput>(eventId, (id) => `${id}/notes`, 'PUT');

export function useResendOrder(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api(`events/${eventId}/orders/${orderId}/resend`, { method: 'POST', body: {} }),
    onSuccess: (_r, orderId) => qc.invalidateQueries({ queryKey: ['orders', eventId, 'detail', orderId] }),
  });
}

/** What a manual order's tickets cost, priced by the server (taxes and fees included); idle without tickets. */
export const useManualOrderPrice = (
  eventId: string,
  tickets: ManualOrderPriceInput['tickets'],
  eventDateId: string | null,
) =>
  useQuery({
    queryKey: ['orders', eventId, 'manual-price', tickets, eventDateId],
    queryFn: () =>
      api<{ data: ManualOrderPrice }>(`events/${eventId}/orders/price`, {
        method: 'POST',
        body: { tickets, ...(eventDateId ? { event_date_id: eventDateId } : {}) },
      }).then((r) => r.data),
    enabled: tickets.length > 0,
  });

export function useCreateManualOrder(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualOrderInput) =>
      api<{ data: OrganizerOrder }>(`events/${eventId}/orders`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['orders', eventId] });
      void qc.invalidateQueries({ queryKey: ['attendees', eventId] });
      void qc.invalidateQueries({ queryKey: ['events', 'detail', eventId] });
    },
  });
}

/** Each of an order's e-mails and where it is (queued, sent, failed), for the drawer. */
export const useOrderEmails = (eventId: string, orderId: string) =>
  useQuery({
    queryKey: ['orders', eventId, 'emails', orderId],
    queryFn: () =>
      api<{ data: OrderEmail[] }>(`events/${eventId}/orders/${orderId}/emails`).then((r) => r.data),
  });

/** The event's e-mails given up on, and the recipients its messages missed. */
export const useFailedEmails = (eventId: string) =>
  useQuery({
    queryKey: ['orders', eventId, 'failed-emails'],
    queryFn: () => api<{ data: OrderEmail[] }>(`events/${eventId}/failed-emails`).then((r) => r.data),
  });

export const useFailedDeliveries = (eventId: string) =>
  useQuery({
    queryKey: ['orders', eventId, 'failed-deliveries'],
    queryFn: () =>
      api<{ data: FailedDelivery[] }>(`events/${eventId}/messages/failed-deliveries`).then((r) => r.data),
  });

/** A failed e-mail is tried again (the same message); the order's e-mails and log refresh. */
export function useRetryEmail(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emailId: number) =>
      api<{ data: OrderEmail }>(`events/${eventId}/failed-emails/${emailId}/retry`, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['orders', eventId] }),
  });
}

/** A message's failed recipients are tried again. */
export function useRetryDeliveries(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api<{ data: { retried: number } }>(`events/${eventId}/messages/${messageId}/retry-failed`, {
        method: 'POST',
      }).then((r) => r.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['orders', eventId] });
      void qc.invalidateQueries({ queryKey: ['messages', eventId] });
    },
  });
}

/** The order's invoice and credit notes (empty when the account does not invoice). */
export const useOrderInvoices = (eventId: string, orderId: string) =>
  useQuery({
    queryKey: ['orders', eventId, 'invoices', orderId],
    queryFn: () =>
      api<{ data: InvoiceSummary[] }>(`events/${eventId}/orders/${orderId}/invoices`).then((r) => r.data),
  });
