import { defineMessages } from '../../lib/i18n.ts';

export const ticketMessages = defineMessages({
  'tickets.name_length': 'El nombre debe tener menos de 150 caracteres.',
  'tickets.description_length': 'La descripción debe tener menos de 50.000 caracteres.',
  'tickets.type_required': 'Elige el tipo de precio.',
  'tickets.prices_required': 'Se necesita al menos un tramo de precio.',
  'tickets.single_price': 'Este tipo de entrada tiene exactamente un precio.',
  'tickets.name_required': 'Pon un nombre a la entrada.',
  'tickets.tier_label_required': 'Pon un nombre al tramo (por ejemplo, «Anticipada»).',
  'tickets.price_positive': 'El precio debe ser mayor que 0.',
  'tickets.sale_end_before_start': 'El fin de la venta debe ser posterior al inicio.',
  'tickets.max_below_min': 'El máximo por pedido no puede ser menor que el mínimo.',
  'tickets.unknown_tax': 'Algún impuesto o comisión no existe.',
  'tickets.unknown_tier': 'Este tramo no pertenece a la entrada.',
  'tickets.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
  'tickets.type_locked': 'No se puede cambiar el tipo de precio: la entrada ya tiene ventas o asistentes.',
  'tickets.tier_has_sales': 'No se puede eliminar el tramo «{label}» porque tiene ventas.',
  'tickets.has_sales': 'No se puede eliminar una entrada con ventas. Puedes ocultarla.',
  'tickets.quantity_below_sold':
    'La cantidad de «{label}» no puede ser menor que lo ya vendido o reservado ({sold}).',
});
