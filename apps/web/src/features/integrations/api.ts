import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, ListResponse } from '@taquilla/shared';
import type { ApiKey, ApiKeyWithSecret, CreateApiKeyInput } from '@taquilla/shared/schemas/api-keys';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointListItem,
  WebhookEndpointWithSecret,
} from '@taquilla/shared/schemas/webhooks';
import { api } from '../../lib/api-client.ts';

/** Calls of the integrations screens: the account's webhook endpoints, their deliveries, and API keys. */
const WEBHOOKS = 'accounts/me/webhooks';
const KEYS = 'accounts/me/api-keys';

export const webhooksKey = ['integrations', 'webhooks'] as const;
export const apiKeysKey = ['integrations', 'api-keys'] as const;

export const webhooksQuery = queryOptions({
  queryKey: webhooksKey,
  queryFn: () => api<{ data: WebhookEndpointListItem[] }>(WEBHOOKS).then((r) => r.data),
});

export const webhookQuery = (id: string) =>
  queryOptions({
    queryKey: [...webhooksKey, id],
    queryFn: () => api<{ data: WebhookEndpoint }>(`${WEBHOOKS}/${id}`).then((r) => r.data),
  });

export const deliveriesQuery = (id: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...webhooksKey, id, 'deliveries', query],
    queryFn: () => api<ListResponse<WebhookDelivery>>(`${WEBHOOKS}/${id}/deliveries`, { query }),
    placeholderData: keepPreviousData,
  });

/** The account's events, for limiting an endpoint to some of them. */
export const eventChoicesQuery = queryOptions({
  queryKey: ['integrations', 'event-choices'],
  queryFn: () =>
    api<ListResponse<{ id: string; name: string }>>('events', {
      query: { per_page: 100, sort_by: 'start_date', sort_direction: 'desc' },
    }).then((r) => r.data),
});

export const createWebhook = (body: CreateWebhookInput) =>
  api<{ data: WebhookEndpointWithSecret }>(WEBHOOKS, { method: 'POST', body }).then((r) => r.data);

export const updateWebhook = (id: string, body: UpdateWebhookInput) =>
  api<{ data: WebhookEndpoint }>(`${WEBHOOKS}/${id}`, { method: 'PUT', body }).then((r) => r.data);

export const deleteWebhook = (id: string) => api<void>(`${WEBHOOKS}/${id}`, { method: 'DELETE' });

export const rotateWebhookSecret = (id: string) =>
  api<{ data: WebhookEndpointWithSecret }>(`${WEBHOOKS}/${id}/rotate-secret`, { method: 'POST' }).then(
    (r) => r.data,
  );

export const sendTestWebhook = (id: string) =>
  api<{ data: WebhookDelivery }>(`${WEBHOOKS}/${id}/test`, { method: 'POST' });

export const resendDelivery = (id: string, deliveryId: string) =>
  api<{ data: WebhookDelivery }>(`${WEBHOOKS}/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' });

export const apiKeysQuery = queryOptions({
  queryKey: apiKeysKey,
  queryFn: () => api<{ data: ApiKey[] }>(KEYS).then((r) => r.data),
});

export const createApiKey = (body: CreateApiKeyInput) =>
  api<{ data: ApiKeyWithSecret }>(KEYS, { method: 'POST', body }).then((r) => r.data);

export const revokeApiKey = (id: string) =>
  api<{ data: ApiKey }>(`${KEYS}/${id}/revoke`, { method: 'POST' }).then((r) => r.data);
