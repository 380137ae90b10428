import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListResponse } from '@taquilla/shared';
import type {
  PrivacyErasure,
  PrivacyPersonSummary,
  PrivacyRequest,
  PrivacySettings,
} from '@taquilla/shared/schemas/privacy';
import { api } from '../../lib/api-client.ts';

/** Calls of «Cuenta › Privacidad». The e-mail always travels in a body, never in a URL. */
const BASE = 'accounts/me/privacy';

export const lookupPerson = (email: string) =>
  api<{ data: PrivacyPersonSummary }>(`${BASE}/lookup`, { method: 'POST', body: { email } }).then(
    (r) => r.data,
  );

/** Downloads everything held about the person as a JSON file. */
export async function downloadPersonalData(email: string) {
  const blob = await api<Blob>(`${BASE}/export`, { method: 'POST', body: { email }, as: 'blob' });
  const url = URL.createObjectURL(blob);
  const day = new Date().toISOString().slice(0, 10);
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `personal-data-${day}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const erasePerson = (email: string, confirm_email: string) =>
  api<{ data: PrivacyErasure }>(`${BASE}/erase`, { method: 'POST', body: { email, confirm_email } }).then(
    (r) => r.data,
  );

export const privacySettingsQuery = queryOptions({
  queryKey: ['privacy', 'settings'],
  queryFn: () => api<{ data: PrivacySettings }>(`${BASE}/settings`).then((r) => r.data),
});

export const updatePrivacySettings = (days: number | null) =>
  api<{ data: PrivacySettings }>(`${BASE}/settings`, {
    method: 'PUT',
    body: { personal_data_retention_days: days },
  }).then((r) => r.data);

export const privacyRequestsKey = ['privacy', 'requests'];
export const privacyRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: [...privacyRequestsKey, page],
    queryFn: () => api<ListResponse<PrivacyRequest>>(`${BASE}/requests`, { query: { page, per_page: 20 } }),
    placeholderData: keepPreviousData,
  });
