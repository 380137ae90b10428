import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const messages = {
  'invoices.tax_id_invalid': msg`El NIF, NIE o CIF no es válido: revisa las cifras y la letra (por ejemplo, 12345678Z o B12345674).`,
  'invoices.legal_name_required': msg`Indica la razón social o el nombre (máximo 200 caracteres).`,
  'invoices.address_required': msg`Indica la dirección fiscal (máximo 500 caracteres).`,
  'invoices.series_prefix_invalid': msg`El prefijo de la serie: de 1 a 10 letras mayúsculas o cifras, sin espacios.`,
  'invoices.next_number_invalid': msg`El número siguiente debe ser un número entero desde 1.`,
};

/** The shared invoicing schema's error keys as this screen's messages; any other issue reads as invalid. */
export function useInvoiceErrorText(): (key: string) => string {
  const { i18n, t } = useLingui();
  return (key) => {
    const known = messages[key as keyof typeof messages];
    return known ? i18n._(known) : t`Valor no válido.`;
  };
}
