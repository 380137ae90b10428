import { defineMessages } from '../../lib/i18n.ts';

/** Texts of the pages the server writes itself. */
export const publicPagesMessages = defineMessages({
  'public_pages.event_unavailable': 'Evento no disponible',
});
