import { defineMessages } from '../../lib/i18n.ts';

export const widgetMessages = defineMessages({
  es: {
    'widget.color_invalid': 'Usa un color hexadecimal válido, p. ej. #1c7ed6.',
    'widget.origin_invalid':
      'Escribe solo el origen del sitio: https:// y el dominio, sin ruta (p. ej. https://misala.es).',
    'widget.too_many_origins': 'Puedes indicar como máximo 20 sitios.',
    'widget.locale_invalid': 'Elige español o inglés.',
    'widget.button_text_length': 'El texto del botón puede tener como máximo 40 caracteres.',
    'widget.padding_invalid': 'El margen interior debe estar entre 0 y 48 píxeles.',
  },
  en: {
    'widget.color_invalid': 'Use a valid hex colour, e.g. #1c7ed6.',
    'widget.origin_invalid':
      "Write only the site's origin: https:// and the domain, no path (e.g. https://myvenue.com).",
    'widget.too_many_origins': 'You can list at most 20 sites.',
    'widget.locale_invalid': 'Choose Spanish or English.',
    'widget.button_text_length': 'The button text can be at most 40 characters long.',
    'widget.padding_invalid': 'The padding must be between 0 and 48 pixels.',
  },
});
