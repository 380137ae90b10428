import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const ROLE_LABELS: Record<'ADMIN' | 'ORGANIZER', MessageDescriptor> = {
  ADMIN: msg`Administrador`,
  ORGANIZER: msg`Organizador`,
};
export const ROLE_HELP: Record<'ADMIN' | 'ORGANIZER', MessageDescriptor> = {
  ADMIN: msg`Todo: eventos, usuarios, ajustes de la cuenta, impuestos y pagos.`,
  ORGANIZER: msg`Solo eventos y entradas.`,
};
export const STATUS_LABELS: Record<'ACTIVE' | 'INVITED' | 'INACTIVE', MessageDescriptor> = {
  ACTIVE: msg`Activo`,
  INVITED: msg`Invitado`,
  INACTIVE: msg`Inactivo`,
};
export const STATUS_COLORS = { ACTIVE: 'teal', INVITED: 'blue', INACTIVE: 'gray' } as const;
