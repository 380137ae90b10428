import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResponse } from '@taquilla/shared';
import type { AuditAction, AuditEntry, AuditSettings } from '@taquilla/shared/schemas/audit';
import { api } from '../../lib/api-client.ts';

/** Calls of the activity log screen: the entries, the actions' labels, the retention setting. */
export type AuditRow = AuditEntry & { action_label: string };

export const auditKey = ['audit'] as const;

export const useAuditLog = (query: ListQuery) =>
  useQuery({
    queryKey: [...auditKey, 'list', query],
    queryFn: () => api<ListResponse<AuditRow>>('audit-log', { query }),
    placeholderData: keepPreviousData,
  });

export const auditActionsQuery = queryOptions({
  queryKey: [...auditKey, 'actions'],
  queryFn: () =>
    api<{ data: { action: AuditAction; label: string }[] }>('audit-log/actions').then((r) => r.data),
});

export const auditSettingsQuery = queryOptions({
  queryKey: [...auditKey, 'settings'],
  queryFn: () => api<{ data: AuditSettings }>('audit-log/settings').then((r) => r.data),
});

export const saveAuditSettings = (body: AuditSettings) =>
  api<{ data: AuditSettings }>('audit-log/settings', { method: 'PUT', body }).then((r) => r.data);

/** The account's members, to filter by who did it. */
export const memberChoicesQuery = queryOptions({
  queryKey: [...auditKey, 'members'],
  queryFn: () =>
    api<ListResponse<{ id: string; first_name: string; last_name: string; email: string }>>('users', {
      query: { per_page: 100 },
    }).then((r) => r.data),
});

/** The account's events, to filter by event. */
export const eventChoicesQuery = queryOptions({
  queryKey: [...auditKey, 'events'],
  queryFn: () =>
    api<ListResponse<{ id: string; name: string }>>('events', {
      query: { per_page: 100, sort_by: 'start_date', sort_direction: 'desc' },
    }).then((r) => r.data),
});
