import { defineMessages } from '../../lib/i18n.ts';

/** What each action reads as (the list's `action_label`, the export's column). */
export const auditActionMessages = defineMessages({
  'audit.action.payment_settings.updated': 'Ajustes de pago de la cuenta cambiados',
  'audit.action.event.payment_settings_updated': 'Métodos de pago del evento cambiados',
  'audit.action.member.invited': 'Miembro invitado',
  'audit.action.member.role_changed': 'Rol de un miembro cambiado',
  'audit.action.member.removed': 'Miembro desactivado',
  'audit.action.member.reactivated': 'Miembro reactivado',
  'audit.action.member.invitation_revoked': 'Invitación retirada',
  'audit.action.member.organizers_changed': 'Organizadores de un miembro cambiados',
  'audit.action.order.refunded': 'Pedido reembolsado',
  'audit.action.order.cancelled': 'Pedido cancelado',
  'audit.action.order.created_manually': 'Pedido creado a mano',
  'audit.action.orders.exported': 'Pedidos exportados',
  'audit.action.attendees.exported': 'Asistentes exportados',
  'audit.action.event.published': 'Evento publicado',
  'audit.action.event.unpublished': 'Evento despublicado',
  'audit.action.event.archived': 'Evento archivado',
  'audit.action.event.restored': 'Evento restaurado',
  'audit.action.event.deleted': 'Evento eliminado',
  'audit.action.check_in_list.link_created': 'Enlace de lista de acceso creado',
  'audit.action.check_in_list.link_rotated': 'Enlace de lista de acceso renovado',
  'audit.action.check_in_list.link_deleted': 'Enlace de lista de acceso eliminado',
  'audit.action.account.two_factor_required': 'Verificación en dos pasos obligatoria cambiada',
  'audit.action.api_key.created': 'Clave de API creada',
  'audit.action.api_key.revoked': 'Clave de API revocada',
  'audit.action.webhook.created': 'Webhook creado',
  'audit.action.webhook.updated': 'Webhook cambiado',
  'audit.action.webhook.deleted': 'Webhook eliminado',
  'audit.action.audit.exported': 'Registro de actividad exportado',
  'audit.action.audit.retention_changed': 'Conservación del registro de actividad cambiada',
  'audit.action.personal_data.exported': 'Datos de una persona exportados',
  'audit.action.personal_data.erased': 'Datos de una persona borrados',
  'audit.action.personal_data.retention_applied': 'Datos personales de eventos pasados seudonimizados',
  'audit.action.privacy.retention_changed': 'Conservación de datos personales cambiada',
  'audit.action.waiting_room.updated': 'Sala de espera cambiada',
});

export const auditMessages = defineMessages({
  'audit.csv_header':
    'Fecha|Acción|Código de la acción|Quién|Correo electrónico|Clave de API|Tipo de objeto|Objeto|Nombre del objeto|Evento|Organizador|IP|Navegador|Cambios',
  'audit.sheet_name': 'Registro de actividad',
  'audit.actor_system': 'Sistema',
  'audit.export_format': 'Elige csv o xlsx.',
});
