import { queryOptions } from '@tanstack/react-query';
import type {
  EmailPreview,
  EmailPreviewInput,
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateKey,
} from '@taquilla/shared/schemas/email-templates';
import { api } from '../../lib/api-client.ts';

/** Whose texts: the account's (null) or an event's. */
export type TemplateScope = { eventId: string | null };

const base = ({ eventId }: TemplateScope) =>
  eventId ? `events/${eventId}/email-templates` : 'accounts/me/email-templates';

export const templatesQuery = (scope: TemplateScope) =>
  queryOptions({
    queryKey: ['email-templates', scope.eventId ?? 'account'],
    queryFn: () => api<{ data: EmailTemplate[] }>(base(scope)).then((r) => r.data),
  });

export const saveTemplate = (scope: TemplateScope, body: EmailTemplateInput) =>
  api<{ data: EmailTemplate }>(base(scope), { method: 'PUT', body }).then((r) => r.data);

export const resetTemplate = (scope: TemplateScope, key: EmailTemplateKey) =>
  api<{ data: EmailTemplate }>(base(scope), { method: 'DELETE', query: key }).then((r) => r.data);

/** The real e-mail rendered by the server with the texts as typed (not saved). */
export const previewQuery = (scope: TemplateScope, draft: EmailPreviewInput) =>
  queryOptions({
    queryKey: ['email-templates', scope.eventId ?? 'account', 'preview', draft],
    queryFn: ({ signal }) =>
      api<{ data: EmailPreview }>(`${base(scope)}/preview`, { method: 'POST', body: draft, signal }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });

export const sendTest = (scope: TemplateScope, draft: EmailPreviewInput) =>
  api<{ data: { to: string } }>(`${base(scope)}/test`, { method: 'POST', body: draft }).then((r) => r.data);
