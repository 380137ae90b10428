import { defineMessages } from '../../lib/i18n.ts';

export const ticketMessages = defineMessages({
  es: {
    'tickets.name_length': 'El nombre debe tener menos de 150 caracteres.',
    'tickets.description_length': 'La descripción debe tener menos de 50.000 caracteres.',
    'tickets.type_required': 'Elige el tipo de precio.',
    'tickets.prices_required': 'Se necesita al menos un tramo de precio.',
    'tickets.single_price': 'Este tipo de entrada tiene exactamente un precio.',
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
  },
  en: {
    'tickets.name_length': 'The name must be under 150 characters.',
    'tickets.description_length': 'The description must be under 50,000 characters.',
    'tickets.type_required': 'Choose the price type.',
    'tickets.prices_required': 'At least one price tier is required.',
    'tickets.single_price': 'This ticket type has exactly one price.',
    'tickets.tier_label_required': 'Give the tier a name (for example, "Early bird").',
    'tickets.price_positive': 'The price must be greater than 0.',
    'tickets.sale_end_before_start': 'The sale end must be after the sale start.',
    'tickets.max_below_min': 'The maximum per order cannot be below the minimum.',
    'tickets.unknown_tax': 'A tax or fee does not exist.',
    'tickets.unknown_tier': 'This tier does not belong to the ticket.',
    'tickets.unknown_ticket': 'A ticket does not belong to this event.',
    'tickets.type_locked': 'The price type cannot change: the ticket already has sales or attendees.',
    'tickets.tier_has_sales': 'The tier "{label}" has sales and cannot be deleted.',
    'tickets.has_sales': 'A ticket with sales cannot be deleted. You can hide it instead.',
    'tickets.quantity_below_sold':
      'The quantity of "{label}" cannot be below what is sold or reserved ({sold}).',
  },
});
