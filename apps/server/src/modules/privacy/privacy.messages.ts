import { defineMessages } from '../../lib/i18n.ts';

export const privacyMessages = defineMessages({
  'privacy.email_invalid': 'Introduce una dirección de correo válida.',
  'privacy.confirm_mismatch': 'Escribe otra vez la misma dirección para confirmar el borrado.',
  'privacy.retention_range':
    'Indica un número entero de días entre 30 y 3650, o déjalo vacío para conservar los datos.',
  'privacy.scoped_member':
    'Las solicitudes de privacidad abarcan toda la cuenta: solo un administrador sin límite de organizadores puede atenderlas.',

  // The public privacy notice (/privacy, /privacy/:eventId).
  'privacy.notice.title': 'Aviso de privacidad',
  'privacy.notice.controller_title': 'Quién trata tus datos',
  'privacy.notice.controller_event':
    '{organizer} organiza «{event}» y es el responsable del tratamiento de los datos que das al comprar entradas, apuntarte a la lista de espera o entrar al evento.',
  'privacy.notice.controller_generic':
    'Cada organizador es el responsable del tratamiento de los datos que das al comprar entradas para sus eventos; su nombre aparece en la página de cada evento.',
  'privacy.notice.processor':
    'La venta se hace con Taquilla, instalada en {host}, que trata los datos por cuenta del organizador como encargado del tratamiento y no los usa para nada más.',
  'privacy.notice.what_title': 'Qué datos se guardan y para qué',
  'privacy.notice.what':
    'Tu nombre y correo, los de las personas a cuyo nombre van las entradas, las respuestas a las preguntas del organizador, los datos de factura si la pides, los correos que se te envían y cuándo se usó cada entrada en la puerta. Sirven para venderte las entradas, enviártelas, dejarte entrar y atender devoluciones (la ejecución de la compra), y para las facturas que la ley obliga a emitir. Si te apuntas a una lista de espera, tu correo se usa solo para ofrecerte entradas de ese evento. No se usan para publicidad.',
  'privacy.notice.retention_title': 'Cuánto tiempo se guardan',
  'privacy.notice.retention_days':
    'Los datos personales de los pedidos se seudonimizan {days, plural, one {# día} other {# días}} después de que termine el evento.',
  'privacy.notice.retention_kept':
    'El organizador guarda los datos de los pedidos hasta que pidas su borrado.',
  'privacy.notice.retention_invoices':
    'Las facturas y sus rectificativas se conservan el tiempo que marca la ley (en España, al menos cuatro años).',
  'privacy.notice.rights_title': 'Tus derechos',
  'privacy.notice.rights_contact':
    'Puedes pedir una copia de tus datos en un archivo, su corrección o su borrado escribiendo a {email}. También puedes reclamar ante la autoridad de protección de datos (en España, la AEPD).',
  'privacy.notice.rights_generic':
    'Puedes pedir una copia de tus datos en un archivo, su corrección o su borrado escribiendo al organizador del evento. También puedes reclamar ante la autoridad de protección de datos (en España, la AEPD).',
  'privacy.notice.back': 'Volver al evento',
});
