import { defineMessages } from '../../lib/i18n.ts';

export const eventMessages = defineMessages({
  'events.name_required': 'Escribe el nombre del evento.',
  'events.stats_unknown_date': 'Esa fecha no pertenece a este evento.',
  'events.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
  'events.description_too_long': 'La descripción debe tener menos de 50.000 caracteres.',
  'events.start_required': 'Indica cuándo empieza.',
  'events.end_before_start': 'La fecha de fin debe ser posterior a la de inicio.',
  'events.organizer_required': 'El organizador es obligatorio.',
  'events.organizer_not_found': 'El organizador no existe en esta cuenta.',
  'events.invalid_timezone': 'Elige una zona horaria válida.',
  'events.latitude_invalid': 'Indica una latitud en grados decimales entre -90 y 90, p. ej. 41.3744.',
  'events.longitude_invalid': 'Indica una longitud en grados decimales entre -180 y 180, p. ej. 2.1700.',
  'events.coordinates_pair': 'Indica la latitud y la longitud, o ninguna de las dos.',
  'events.invalid_color': 'Introduce un color hexadecimal válido, p. ej. #1c7ed6.',
  'events.invalid_currency': 'Elige una moneda válida (código ISO de 3 letras).',
  'events.invalid_events_state': 'El estado debe ser upcoming, ended o archived.',
  'events.payment_provider_required': 'Elige al menos un método de pago.',
  'events.offline_instructions_required':
    'Indica las instrucciones de pago para el pago sin conexión (transferencia, pago en taquilla…).',
  'events.live_requires_ticket': 'Crea al menos una entrada antes de publicar el evento.',
  'events.restore_before_publishing': 'Restaura el evento archivado antes de publicarlo.',
  'events.stripe_not_ready':
    'Tarjeta (Stripe) no puede cobrar: Stripe no está configurado en esta instalación (faltan sus claves). Elige otro método de pago en Ajustes › Pagos.',
  'events.offline_not_ready':
    'Pago sin conexión no puede cobrar: faltan las instrucciones de pago (transferencia, pago en taquilla…).',
  'events.test_payments_off':
    'Pagos de prueba no está disponible: los pagos simulados están desactivados en esta instalación.',
  'events.copy_suffix': '(copia)',
  'events.delete_has_orders':
    'Este evento tiene pedidos o reservas en curso: archívalo en lugar de eliminarlo.',
});
