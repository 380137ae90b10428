import { useQuery } from '@tanstack/react-query';
import type { Report, ReportKind } from '@taquilla/shared/schemas/reports';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client.ts';

/** Whose reports: one event's (its id) or the whole account's (null). */
export type ReportScope = { eventId: string | null };

/** The API path of a report of the scope. */
export const reportPath = (scope: ReportScope, kind: ReportKind) =>
  scope.eventId ? `events/${scope.eventId}/reports/${kind}` : `reports/${kind}`;

/**
 * The report range kept in the address (`?from=&to=`): both days or neither; and, for an event with several
 * dates, one of them (`?date=`).
 */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const date = params.get('date') ?? '';
  /** Writes these parameters of the address ('' or null: removed), keeping the others. */
  const update = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };
  const setRange = (next: { from: string; to: string }) => update(next);
  const setDate = (next: string | null) => update({ date: next });
  const query: Record<string, string> = {
    ...(from || to ? { from, to } : {}),
    ...(date ? { event_date_id: date } : {}),
  };
  return { from, to, setRange, date, setDate, query };
}

/** The scope of the page: the event of the address, or the account. */
export function useReportScope(): ReportScope {
  const { eventId } = useParams();
  return { eventId: eventId ?? null };
}

export const useReport = (scope: ReportScope, kind: ReportKind, query: Record<string, string>) =>
  useQuery({
    queryKey: ['reports', scope.eventId ?? 'account', kind, query],
    queryFn: () => api<{ data: Report }>(reportPath(scope, kind), { query }).then((r) => r.data),
    // A refused range (422) is not retried: the message is shown at once.
    retry: false,
  });
