import { SUPPORTED_LOCALES } from '@taquilla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderNotice } from './privacy.notice.ts';
import * as repo from './privacy.repository.ts';

const query = z.object({ lang: z.enum(SUPPORTED_LOCALES).optional() }).passthrough();

/**
 * `GET /privacy` and `GET /privacy/:eventId`: the public privacy notice (linked from the buyer pages'
 * footer and the waiting-list consent), the event's naming its organizer and its account's retention.
 * `?lang=` switches language without JavaScript and is remembered in the `locale` cookie.
 */
export const privacyNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const host = new URL(config.appUrl).host;
  const schema = { hide: true, querystring: query };

  app.get('/privacy', { schema }, async (request, reply) => {
    const locale = request.query.lang ?? request.locale;
    if (request.query.lang)
      reply.setCookie('locale', locale, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
    return reply.type('text/html; charset=utf-8').send(renderNotice(locale, host, null));
  });

  app.get(
    '/privacy/:eventId',
    { schema: { ...schema, params: z.object({ eventId: z.string().max(100) }) } },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      if (request.query.lang)
        reply.setCookie('locale', locale, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
      const { eventId } = request.params;
      const row = z.uuid().safeParse(eventId).success ? await repo.noticeSubject(db, eventId) : null;
      const subject = row && {
        eventId,
        eventName: row.event_name,
        organizerName: row.organizer_name,
        contactEmail: row.support_email?.trim() || row.organizer_email || null,
        retentionDays: row.retention_days,
      };
      return reply
        .status(subject ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(renderNotice(locale, host, subject));
    },
  );
};
