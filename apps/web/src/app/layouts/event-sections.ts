import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconAffiliate,
  IconChartBar,
  IconClipboardCheck,
  IconCode,
  IconDiscount,
  IconHourglass,
  IconMail,
  IconMessageQuestion,
  IconPalette,
  IconReceipt,
  IconRocket,
  IconSettings,
  IconTicket,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

/**
 * The sections of an event's back office (spec §2), in sidebar order. A section appears only when some
 * feature registers an event child route with `handle: { section: key }`.
 */
export const EVENT_SECTIONS: { key: string; label: MessageDescriptor; icon: typeof IconTicket }[] = [
  { key: 'getting-started', label: msg`Primeros pasos`, icon: IconRocket },
  { key: 'dashboard', label: msg`Panel`, icon: IconChartBar },
  { key: 'tickets', label: msg`Entradas`, icon: IconTicket },
  { key: 'capacity-assignments', label: msg`Aforos`, icon: IconUsersGroup },
  { key: 'promo-codes', label: msg`Códigos promocionales`, icon: IconDiscount },
  { key: 'questions', label: msg`Preguntas`, icon: IconMessageQuestion },
  { key: 'orders', label: msg`Pedidos`, icon: IconReceipt },
  { key: 'attendees', label: msg`Asistentes`, icon: IconUsers },
  { key: 'waitlist', label: msg`Lista de espera`, icon: IconHourglass },
  { key: 'check-in', label: msg`Control de acceso`, icon: IconClipboardCheck },
  { key: 'messages', label: msg`Mensajes`, icon: IconMail },
  { key: 'affiliates', label: msg`Afiliados`, icon: IconAffiliate },
  { key: 'homepage-designer', label: msg`Diseño de la página`, icon: IconPalette },
  { key: 'widget', label: msg`Widget`, icon: IconCode },
  { key: 'settings', label: msg`Ajustes`, icon: IconSettings },
];
