import { msg } from '@lingui/core/macro';
import type { PersonalDataKindName, PrivacyRequest } from '@taquilla/shared/schemas/privacy';

/** What each kind of personal data is called on the screen. */
export const KIND_LABEL: Record<PersonalDataKindName, ReturnType<typeof msg>> = {
  orders: msg`Pedidos (nombre, correo, datos de factura)`,
  attendees: msg`Entradas a su nombre`,
  answers: msg`Respuestas a preguntas`,
  ticket_transfers: msg`Cesiones de entradas y enlaces de «Mis entradas»`,
  waitlist: msg`Listas de espera`,
  message_deliveries: msg`Mensajes recibidos`,
  emails: msg`Copias de correos enviados`,
  check_ins: msg`Registros de acceso`,
  invoices: msg`Facturas y rectificativas`,
};

export const REQUEST_KIND: Record<PrivacyRequest['kind'], { label: ReturnType<typeof msg>; color: string }> =
  {
    EXPORT: { label: msg`Exportación`, color: 'blue' },
    ERASE: { label: msg`Borrado`, color: 'red' },
    RETENTION: { label: msg`Conservación automática`, color: 'grape' },
  };
