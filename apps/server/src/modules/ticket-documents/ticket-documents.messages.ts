import { defineMessages } from '../../lib/i18n.ts';

export const ticketDocumentsMessages = defineMessages({
  'ticket_documents.pdf_title': 'Entradas · {event}',
  'ticket_documents.pdf_when': 'Fecha',
  'ticket_documents.pdf_where': 'Lugar',
  'ticket_documents.pdf_holder': 'Titular',
  'ticket_documents.pdf_ticket': 'Entrada',
  'ticket_documents.pdf_order': 'Pedido',
  'ticket_documents.pdf_ticket_id': 'Código de entrada',
  'ticket_documents.pdf_organizer': 'Organiza {organizer}',
  'ticket_documents.pdf_scan_hint': 'Muestra este código en la entrada, impreso o en el móvil.',
  'ticket_documents.pdf_void': 'ANULADA',
  'ticket_documents.pdf_void_hint': 'Esta entrada se ha anulado y no da acceso.',
  'ticket_documents.pdf_unpaid': 'Pendiente de pago',
  'ticket_documents.pdf_unpaid_hint': 'El código aparecerá cuando el organizador reciba el pago.',
  'ticket_documents.pdf_page': 'Entrada {n} de {count}',
  'ticket_documents.pass_event': 'Evento',
  'ticket_documents.pass_date': 'Fecha',
  'ticket_documents.pass_venue': 'Lugar',
  'ticket_documents.pass_holder': 'Titular',
  'ticket_documents.pass_ticket': 'Entrada',
  'ticket_documents.pass_order': 'Pedido',
  'ticket_documents.pass_status': 'Estado',
  'ticket_documents.pass_void': 'Anulada',
  'ticket_documents.answer_yes': 'Sí',
  'ticket_documents.passkit_rate_limited':
    'Demasiadas peticiones de Wallet desde esta conexión. Espera un momento y vuelve a probar.',
});
