import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  CreateEventInput,
  DuplicateEventInput,
  EventDefaults,
  EventDefaultsInput,
  EventImage,
  EventSalesStats,
  EventSettings,
  EventsState,
  ManageEvent,
  ManageEventDetail,
  UpdateEventInput,
  UpdateEventSettingsInput,
} from '@taquilla/shared/schemas/events';
import type { EventInvoicing } from '@taquilla/shared/schemas/invoices';
import type {
  CreateOrganizerInput,
  Organizer,
  UpdateOrganizerInput,
} from '@taquilla/shared/schemas/organizers';
import type { CreateTaxInput, TaxOrFee, UpdateTaxInput } from '@taquilla/shared/schemas/taxes';
import { api } from '../../lib/api-client.ts';

/** Fetchers, query options and mutations of the events back office. */
export interface EventListParams {
  eventsState?: EventsState;
  organizerId?: string;
  page: number;
  query?: string;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
}

export const eventKeys = {
  all: ['events'] as const,
  list: (p: EventListParams) => ['events', 'list', p] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

/** One page of the event list; the eventsState parameter is the API's own extra parameter. */
export const useEvents = (p: EventListParams) =>
  useQuery({
    queryKey: eventKeys.list(p),
    queryFn: () => {
      const params = new URLSearchParams({
        page: String(p.page),
        per_page: '20',
        sort_by: p.sortBy,
        sort_direction: p.sortDirection,
      });
      if (p.query) params.set('query', p.query);
      if (p.eventsState) params.set('eventsState', p.eventsState);
      if (p.organizerId) params.set('filter_fields[organizer_id][eq]', p.organizerId);
      return api<ListResponse<ManageEvent>>(`events?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: () => api<{ data: ManageEventDetail }>(`events/${id}`).then((r) => r.data),
  });
export const useEvent = (id: string) => useQuery(eventQuery(id));

/** The dashboard's sales figures (GET events/{id}/stats), of one date of the event when `dateId` is set. */
export const useEventStats = (id: string, dateId = '') =>
  useQuery({
    queryKey: [...eventKeys.detail(id), 'stats', dateId],
    queryFn: () =>
      api<{ data: EventSalesStats }>(`events/${id}/stats`, {
        query: { event_date_id: dateId || undefined },
      }).then((r) => r.data),
  });

function useEventMutation<V>(fn: (v: V) => Promise<{ data: ManageEventDetail }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data }) => {
      qc.setQueryData(eventKeys.detail(data.id), data);
      void qc.invalidateQueries({ queryKey: ['events', 'list'] });
    },
  });
}

export const useCreateEvent = () =>
  useEventMutation((body: CreateEventInput) => api('events', { method: 'POST', body }));
export const useUpdateEvent = (id: string) =>
  useEventMutation((body: UpdateEventInput) => api(`events/${id}`, { method: 'PUT', body }));
export const useEventStatus = (id: string) =>
  useEventMutation((status: ManageEvent['status']) =>
    api(`events/${id}/status`, { method: 'PUT', body: { status } }),
  );
/** Deletes an event nobody ordered from; its cached reads go with it. */
export const useDeleteEvent = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`events/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: eventKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ['events', 'list'] });
    },
  });
};
export const useDuplicateEvent = (id: string) =>
  useEventMutation((body: DuplicateEventInput) => api(`events/${id}/duplicate`, { method: 'POST', body }));

export const useUpdateSettings = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventSettingsInput) =>
      api<{ data: EventSettings }>(`events/${id}/settings`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
};

/** Whether the event invoices its orders: the account's invoicing, unless the event opted out. */
export const eventInvoicingQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventKeys.detail(id), 'invoicing'],
    queryFn: () => api<{ data: EventInvoicing }>(`events/${id}/invoicing`).then((r) => r.data),
  });

export const useUpdateEventInvoicing = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (optedOut: boolean) =>
      api<{ data: EventInvoicing }>(`events/${id}/invoicing`, {
        method: 'PUT',
        body: { opted_out: optedOut },
      }).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(eventInvoicingQuery(id).queryKey, data),
  });
};

export const useUploadCover = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('type', 'EVENT_COVER');
      form.append('image', file);
      return api<{ data: EventImage }>(`events/${id}/images`, { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
};

export const useDeleteImage = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => api(`events/${id}/images/${imageId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
};

// Organizers
export const organizersQuery = queryOptions({
  queryKey: ['organizers', 'list'],
  queryFn: () => api<ListResponse<Organizer>>('organizers?per_page=100').then((r) => r.data),
});
export const useOrganizers = () => useQuery(organizersQuery);
export const useOrganizer = (id: string | undefined) =>
  useQuery({
    queryKey: ['organizers', 'detail', id],
    queryFn: () => api<{ data: Organizer }>(`organizers/${id}`).then((r) => r.data),
    enabled: Boolean(id),
  });

export const useCreateOrganizer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizerInput) =>
      api<{ data: Organizer }>('organizers', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizers'] }),
  });
};

export const useUpdateOrganizer = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizerInput) =>
      api<{ data: Organizer }>(`organizers/${id}`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizers'] }),
  });
};

export const useOrganizerLogo = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api(`organizers/${id}/logo`, { method: 'DELETE' });
      const form = new FormData();
      form.append('image', file);
      return api(`organizers/${id}/logo`, { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizers'] }),
  });
};

// Event defaults
export const useEventDefaults = () =>
  useQuery({
    queryKey: ['event-defaults'],
    queryFn: () => api<{ data: EventDefaults }>('accounts/me/event-defaults').then((r) => r.data),
  });
export const useSaveEventDefaults = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EventDefaultsInput) =>
      api<{ data: EventDefaults }>('accounts/me/event-defaults', { method: 'PUT', body }),
    onSuccess: ({ data }) => qc.setQueryData(['event-defaults'], data),
  });
};

// Taxes and fees
const TAXES = 'accounts/me/taxes-and-fees';
export const useTaxes = () =>
  useQuery({ queryKey: ['taxes'], queryFn: () => api<{ data: TaxOrFee[] }>(TAXES).then((r) => r.data) });
export const useSaveTax = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateTaxInput | UpdateTaxInput) & { id?: string }) =>
      id ? api(`${TAXES}/${id}`, { method: 'PUT', body }) : api(TAXES, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['taxes'] }),
  });
};
export const useDeleteTax = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${TAXES}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['taxes'] }),
  });
};
