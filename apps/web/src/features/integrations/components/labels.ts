import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiKeyPermission } from '@taquilla/shared/schemas/api-keys';
import type { WebhookEndpoint, WebhookEventType } from '@taquilla/shared/schemas/webhooks';

/** The event types an endpoint can subscribe to, grouped by what they are about, in the form's order. */
export const EVENT_TYPE_GROUPS: {
  label: MessageDescriptor;
  types: [WebhookEventType, MessageDescriptor][];
}[] = [
  {
    label: msg`Pedidos`,
    types: [
      ['order.created', msg`Pedido creado`],
      ['order.completed', msg`Pedido completado`],
      ['order.updated', msg`Pedido modificado`],
      ['order.refunded', msg`Pedido reembolsado`],
      ['order.cancelled', msg`Pedido cancelado`],
    ],
  },
  {
    label: msg`Asistentes`,
    types: [
      ['attendee.created', msg`Asistente creado`],
      ['attendee.updated', msg`Asistente modificado`],
      ['attendee.cancelled', msg`Asistente cancelado`],
    ],
  },
  {
    label: msg`Check-in`,
    types: [
      ['checkin.created', msg`Check-in hecho`],
      ['checkin.undone', msg`Check-in deshecho`],
    ],
  },
  {
    label: msg`Eventos y entradas`,
    types: [
      ['event.published', msg`Evento publicado`],
      ['event.updated', msg`Evento modificado`],
      ['ticket.updated', msg`Entrada modificada`],
    ],
  },
  {
    label: msg`Lista de espera`,
    types: [
      ['waitlist_entry.created', msg`Alta en la lista de espera`],
      ['waitlist_entry.offered', msg`Entradas ofrecidas a la lista de espera`],
    ],
  },
];

export const ENDPOINT_STATUS: Record<WebhookEndpoint['status'], { label: MessageDescriptor; color: string }> =
  {
    ACTIVE: { label: msg`Activo`, color: 'teal' },
    PAUSED: { label: msg`En pausa`, color: 'yellow' },
    DISABLED: { label: msg`Desactivado`, color: 'red' },
  };

export const STATUS_REASON: Record<NonNullable<WebhookEndpoint['status_reason']>, MessageDescriptor> = {
  GONE: msg`El destino respondió 410 Gone.`,
  FAILING: msg`Demasiadas entregas fallidas seguidas.`,
  MANUAL: msg`Puesto en pausa a mano.`,
};

export const DELIVERY_STATUS: Record<
  'PENDING' | 'SUCCEEDED' | 'FAILED',
  { label: MessageDescriptor; color: string }
> = {
  PENDING: { label: msg`Pendiente`, color: 'yellow' },
  SUCCEEDED: { label: msg`Entregado`, color: 'teal' },
  FAILED: { label: msg`Fallido`, color: 'red' },
};

export const KEY_PERMISSION: Record<ApiKeyPermission, { label: MessageDescriptor; help: MessageDescriptor }> =
  {
    READ_ONLY: {
      label: msg`Solo lectura`,
      help: msg`Consulta eventos, pedidos, asistentes e informes; no cambia nada.`,
    },
    FULL: {
      label: msg`Completo`,
      help: msg`Lee y cambia todo, como un administrador, salvo los usuarios y las claves.`,
    },
    DOOR: {
      label: msg`Puerta`,
      help: msg`Consulta los eventos y sus listas de check-in.`,
    },
  };

export const KEY_STATUS: Record<
  'ACTIVE' | 'EXPIRED' | 'REVOKED',
  { label: MessageDescriptor; color: string }
> = {
  ACTIVE: { label: msg`Activa`, color: 'teal' },
  EXPIRED: { label: msg`Caducada`, color: 'gray' },
  REVOKED: { label: msg`Revocada`, color: 'red' },
};
