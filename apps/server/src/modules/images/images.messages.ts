import { defineMessages } from '../../lib/i18n.ts';

export const imageMessages = defineMessages({
  'images.file_required': 'Elige una imagen para subir.',
  'images.invalid_type': 'La imagen debe ser JPEG, PNG o WebP.',
  'images.invalid_image_type': 'Tipo de imagen no válido. Valores permitidos: {options}.',
  'images.too_small': 'La imagen debe medir al menos {width} × {height} píxeles.',
  'images.too_large': 'La imagen debe medir como máximo {width} × {height} píxeles.',
  'images.too_big': 'La imagen debe pesar menos de 5 MB.',
  'images.unreadable': 'La imagen está dañada o incompleta. Vuelve a exportarla y súbela de nuevo.',
});
