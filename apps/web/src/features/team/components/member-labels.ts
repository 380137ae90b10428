import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserRole } from '@taquilla/shared';

export const ROLE_LABELS: Record<UserRole, MessageDescriptor> = {
  ADMIN: msg`Administrador`,
  ORGANIZER: msg`Organizador`,
  FINANCE: msg`Finanzas`,
  DOOR: msg`Puerta`,
  READ_ONLY: msg`Solo lectura`,
};
export const ROLE_HELP: Record<UserRole, MessageDescriptor> = {
  ADMIN: msg`Todo: eventos, usuarios, ajustes de la cuenta, impuestos y pagos.`,
  ORGANIZER: msg`Eventos, entradas, pedidos y reembolsos; no el equipo, la cuenta ni los pagos.`,
  FINANCE: msg`Pedidos, reembolsos, exportaciones e informes; no edita eventos.`,
  DOOR: msg`Listas de acceso y la puerta; sin datos de compradores.`,
  READ_ONLY: msg`Lo ve todo y no cambia ni descarga nada.`,
};
export const STATUS_LABELS: Record<'ACTIVE' | 'INVITED' | 'INACTIVE', MessageDescriptor> = {
  ACTIVE: msg`Activo`,
  INVITED: msg`Invitado`,
  INACTIVE: msg`Inactivo`,
};
export const STATUS_COLORS = { ACTIVE: 'teal', INVITED: 'blue', INACTIVE: 'gray' } as const;
