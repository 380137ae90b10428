import { defineMessages } from '../../lib/i18n.ts';

/** The sample order an e-mail preview is drawn with, and the test e-mail's subject. */
export const emailPreviewsMessages = defineMessages({
  'email_previews.sample_event': 'Concierto de ejemplo',
  'email_previews.sample_venue': 'Sala de ejemplo',
  'email_previews.sample_ticket': 'Entrada general',
  'email_previews.test_subject': '[Prueba] {subject}',
});
