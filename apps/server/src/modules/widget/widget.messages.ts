import { defineMessages } from '../../lib/i18n.ts';

export const widgetMessages = defineMessages({
  'widget.color_invalid': 'Usa un color hexadecimal válido, p. ej. #1c7ed6.',
  'widget.origin_invalid':
    'Escribe solo el origen del sitio: https:// y el dominio, sin ruta (p. ej. https://misala.es).',
  'widget.too_many_origins': 'Puedes indicar como máximo 20 sitios.',
  'widget.locale_invalid': 'Elige uno de los idiomas disponibles.',
  'widget.button_text_length': 'El texto del botón puede tener como máximo 40 caracteres.',
  'widget.padding_invalid': 'El margen interior debe estar entre 0 y 48 píxeles.',
});
