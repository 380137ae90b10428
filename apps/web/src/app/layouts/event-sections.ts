import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconAffiliate,
  IconCalendarEvent,
  IconChartBar,
  IconClipboardCheck,
  IconClockPause,
  IconCode,
  IconDiscount,
  IconHourglass,
  IconMail,
  IconMailCog,
  IconMailExclamation,
  IconMessageQuestion,
  IconPalette,
  IconReceipt,
  IconReportAnalytics,
  IconRocket,
  IconSettings,
  IconTicket,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Permission } from '@taquilla/shared';

/**
 * The sections of an event's back office (spec §2), in sidebar order. A section appears only when some
 * feature registers an event child route with `handle: { section: key }`.
 */
export const EVENT_SECTIONS: {
  key: string;
  label: MessageDescriptor;
  icon: typeof IconTicket;
  /** Shown to members whose permissions (users/me) hold this: the server refuses the others. */
  permission: Permission;
}[] = [
  { key: 'getting-started', label: msg`Primeros pasos`, icon: IconRocket, permission: 'events:manage' },
  { key: 'dashboard', label: msg`Panel`, icon: IconChartBar, permission: 'reports:read' },
  { key: 'reports', label: msg`Informes`, icon: IconReportAnalytics, permission: 'reports:read' },
  { key: 'dates', label: msg`Fechas`, icon: IconCalendarEvent, permission: 'events:read' },
  { key: 'tickets', label: msg`Entradas`, icon: IconTicket, permission: 'events:read' },
  { key: 'capacity-assignments', label: msg`Aforos`, icon: IconUsersGroup, permission: 'events:read' },
  { key: 'promo-codes', label: msg`Códigos promocionales`, icon: IconDiscount, permission: 'events:read' },
  { key: 'questions', label: msg`Preguntas`, icon: IconMessageQuestion, permission: 'events:read' },
  { key: 'orders', label: msg`Pedidos`, icon: IconReceipt, permission: 'orders:read' },
  { key: 'attendees', label: msg`Asistentes`, icon: IconUsers, permission: 'orders:read' },
  { key: 'waitlist', label: msg`Lista de espera`, icon: IconHourglass, permission: 'orders:read' },
  { key: 'waiting-room', label: msg`Sala de espera`, icon: IconClockPause, permission: 'events:read' },
  { key: 'check-in', label: msg`Control de acceso`, icon: IconClipboardCheck, permission: 'check-in:read' },
  { key: 'messages', label: msg`Mensajes`, icon: IconMail, permission: 'orders:read' },
  { key: 'emails', label: msg`Correos`, icon: IconMailCog, permission: 'events:read' },
  {
    key: 'failed-emails',
    label: msg`Correos fallidos`,
    icon: IconMailExclamation,
    permission: 'orders:read',
  },
  { key: 'affiliates', label: msg`Afiliados`, icon: IconAffiliate, permission: 'events:read' },
  {
    key: 'homepage-designer',
    label: msg`Diseño de la página`,
    icon: IconPalette,
    permission: 'events:manage',
  },
  { key: 'widget', label: msg`Widget`, icon: IconCode, permission: 'events:read' },
  { key: 'settings', label: msg`Ajustes`, icon: IconSettings, permission: 'events:read' },
];
