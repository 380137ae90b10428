import { defineMessages } from '../../lib/i18n.ts';

export const eventDateMessages = defineMessages({
  'event_dates.day_invalid': 'Escribe un día con el formato AAAA-MM-DD.',
  'event_dates.day_required': 'Elige un día.',
  'event_dates.time_invalid': 'Escribe una hora con el formato HH:MM.',
  'event_dates.ends_before_start': 'El final debe ser posterior al inicio.',
  'event_dates.start_required': 'Indica cuándo empieza, con su fecha y hora.',
  'event_dates.end_required': 'Indica una fecha final o un número de fechas (solo una de las dos).',
  'event_dates.until_before_start': 'La fecha final no puede ser anterior al primer día.',
  'event_dates.too_far': 'Una regla puede abarcar como máximo {years} años.',
  'event_dates.weekdays_required': 'Elige al menos un día de la semana.',
  'event_dates.nth_required': 'Elige qué semana del mes y qué día.',
  'event_dates.slots_required': 'Indica cada cuántos minutos empieza un turno.',
  'event_dates.closes_before_opening': 'El cierre debe ser posterior a la apertura.',
  'event_dates.rule_empty': 'Esta regla no crea ninguna fecha.',
  'event_dates.too_many':
    'Un evento puede tener como máximo {max} fechas; {available, plural, =0 {ya no caben más} one {solo cabe # más} other {solo caben # más}}.',
  'event_dates.duplicate': 'Ya hay una fecha que empieza a esa hora.',
  'event_dates.none_chosen': 'Elige al menos una fecha.',
  'event_dates.nothing_to_change': 'Indica qué quieres cambiar.',
  'event_dates.unknown_date': 'Alguna fecha no pertenece a este evento.',
  'event_dates.date_invalid': 'Elige una fecha válida.',
  'event_dates.range_order': 'El final del intervalo no puede ser anterior a su inicio.',
  'event_dates.range_too_long': 'Pide como máximo 62 días a la vez.',
  'event_dates.move_target_required': 'Elige la fecha a la que pasan los pedidos.',
  'event_dates.move_target_invalid':
    'Elige otra fecha de este evento que aún no haya empezado ni esté cancelada.',
  'event_dates.has_orders': 'Esta fecha tiene pedidos: cancélala en lugar de borrarla.',
});
