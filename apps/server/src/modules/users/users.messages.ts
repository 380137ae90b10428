import { defineMessages } from '../../lib/i18n.ts';

export const usersMessages = defineMessages({
  'users.role_invalid':
    'Elige uno de los roles: administrador, organizador, finanzas, puerta o solo lectura.',
  'users.organizers_invalid': 'Elige organizadores de esta cuenta, o deja la lista vacía para todos.',
  'users.status_invalid': 'Elige un estado: activo o inactivo.',
  'users.owner_protected': 'No se puede cambiar el rol ni el estado del propietario de la cuenta.',
  'users.cannot_change_self': 'No puedes cambiar tu propio rol ni tu propio estado.',
  'users.already_member': 'Este correo electrónico ya pertenece a un usuario de la cuenta.',
  'users.not_invited': 'Este usuario no tiene ninguna invitación pendiente.',
  'users.invited_status': 'Un usuario invitado se activa al aceptar su invitación.',
  'users.invited_profile': 'Un usuario invitado completa su perfil al aceptar la invitación.',
  'users.email_already_verified': 'Tu correo electrónico ya está confirmado.',
  'users.no_pending_email': 'No hay ningún cambio de correo pendiente.',
  'users.invite_email_unconfirmed': 'Confirma tu correo electrónico antes de invitar a otras personas.',
  'users.invitations_limited':
    'La cuenta ha enviado demasiadas invitaciones en la última hora. Espera {minutes} min y vuelve a intentarlo.',
});
