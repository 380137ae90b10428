import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetSettings } from '@taquilla/shared/schemas/widget';
import { api } from '../../lib/api-client.ts';

/** GET/PUT events/{id}/widget: the widget's options and the sites allowed to frame it. */
const widgetKey = (eventId: string) => ['events', eventId, 'widget'];

export const useWidgetSettings = (eventId: string) =>
  useQuery({
    queryKey: widgetKey(eventId),
    queryFn: () => api<{ data: WidgetSettings }>(`events/${eventId}/widget`).then((r) => r.data),
  });

export function useSaveWidgetSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetSettings) =>
      api<{ data: WidgetSettings }>(`events/${eventId}/widget`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(widgetKey(eventId), data),
  });
}
