import { defineMessages } from '../../lib/i18n.ts';

export const invoicesMessages = defineMessages({
  'invoices.tax_id_invalid':
    'El NIF, NIE o CIF no es válido: revisa las cifras y la letra (por ejemplo, 12345678Z o B12345674).',
  'invoices.legal_name_required': 'Indica la razón social o el nombre (máximo 200 caracteres).',
  'invoices.address_required': 'Indica la dirección fiscal (máximo 500 caracteres).',
  'invoices.series_prefix_invalid':
    'El prefijo de la serie: de 1 a 10 letras mayúsculas o cifras, sin espacios.',
  'invoices.next_number_invalid': 'El número siguiente debe ser un número entero desde 1.',
  'invoices.next_number_locked':
    'Ya se han emitido facturas en esta serie este año: el número siguiente lo fija la numeración correlativa.',
  'invoices.buyer_tax_id_invalid':
    'Indica un NIF, NIE o CIF español, o el número de IVA de otro país de la UE con su prefijo (por ejemplo, 12345678Z o FR40303265045): revisa las cifras.',
  'invoices.buyer_name_required': 'Indica el nombre o la razón social para la factura.',
  'invoices.buyer_address_required': 'Indica la dirección para la factura.',
  'invoices.details_required':
    'Para compras de más de 400 € se emite factura completa: indica los datos de facturación (nombre, NIF y dirección).',
  'invoices.period_invalid':
    'Indica el periodo con fechas AAAA-MM-DD; «hasta» no puede ser anterior a «desde».',
  'invoices.pdf_title_invoice': 'Factura',
  'invoices.pdf_title_simplified': 'Factura simplificada',
  'invoices.pdf_title_credit': 'Factura rectificativa',
  'invoices.pdf_number': 'Número',
  'invoices.pdf_date': 'Fecha de expedición',
  'invoices.pdf_seller': 'Emisor',
  'invoices.pdf_buyer': 'Destinatario',
  'invoices.pdf_eu_vat_number': 'NIF-IVA',
  'invoices.pdf_corrects': 'Rectifica la factura {number} (rectificación por diferencias).',
  'invoices.pdf_reason_refund': 'Motivo: devolución del importe.',
  'invoices.pdf_reason_cancellation': 'Motivo: anulación del pedido.',
  'invoices.pdf_order': 'Pedido {order} · {event}',
  'invoices.pdf_concept': 'Concepto',
  'invoices.pdf_quantity': 'Cant.',
  'invoices.pdf_unit_price': 'Precio unit.',
  'invoices.pdf_discount': 'Descuento',
  'invoices.pdf_amount': 'Importe',
  'invoices.pdf_fees': 'Gastos de gestión',
  'invoices.pdf_breakdown': 'Desglose',
  'invoices.pdf_base': 'Base imponible',
  'invoices.pdf_vat': 'Cuota',
  'invoices.pdf_rate': 'IVA {rate}',
  'invoices.pdf_fees_row': 'Gastos (IVA {rate} incluido)',
  'invoices.pdf_total': 'Total',
  'invoices.pdf_exempt': 'Operación exenta de IVA (art. 20 de la Ley 37/1992).',
  'invoices.pdf_qr': 'QR tributario',
  'invoices.pdf_fingerprint': 'Huella del registro',
});
