import type { Locale } from '@taquilla/shared';
import {
  findTicketsInput,
  holderEditInput,
  ticketTransferInput,
} from '@taquilla/shared/schemas/ticket-changes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { SpaShell } from '../../lib/spa.ts';
import { findTicketsLimit } from '../ticket-changes/find-tickets.limits.ts';
import { openLookup, requestLookup } from '../ticket-changes/find-tickets.service.ts';
import { ticketChangesMessages as m } from '../ticket-changes/ticket-changes.messages.ts';
import { editHolder, transferTicket } from '../ticket-changes/ticket-changes.service.ts';
import type { EventPageRenderer, FindTicketsPageData } from './public-pages.renderer.ts';
import { ticketPageData } from './public-pages.tickets.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const params = z.object({ eventId: z.uuid(), attendeeShortId: z.string().min(1).max(60) });
type Notice = { tone: 'success' | 'error'; text: string };

/**
 * The ticket page's forms (it runs no script): `POST /ticket/:eventId/:attendeeShortId/holder` and
 * `/transfer`, sent as an HTML form. The same service as the API decides; the answer is the page again
 * with the outcome written on it (with the error's status), or, after a transfer, a page that says who
 * holds the ticket now, since this address no longer opens it.
 */
export function ticketFormRoutes(app: FastifyInstance, renderer: EventPageRenderer) {
  const shell = new SpaShell(app.deps.config.webDistDir, 'event.html');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function send(
    reply: FastifyReply,
    locale: Locale,
    status: number,
    page: { html: string; title: string },
  ) {
    const html = shell.render({
      head: `<title>${esc(page.title)}</title>\n<meta name="robots" content="noindex, nofollow">`,
      body: page.html,
      lang: locale,
      scripts: '',
    });
    reply.header('x-robots-tag', 'noindex, nofollow');
    return SpaShell.sendHtml(reply, html, status);
  }

  async function ticketAgain(
    request: FastifyRequest,
    reply: FastifyReply,
    shortId: string,
    status: number,
    notice: Notice,
  ) {
    const { eventId } = params.parse(request.params);
    const bundle = await renderer.bundle();
    if (!bundle) return reply.callNotFound();
    const data = await ticketPageData(app.deps, eventId, shortId, request.locale);
    const page = bundle.renderTicketPage({
      locale: request.locale,
      data: data && { ...data, notice },
      eventUrl: `/e/${eventId}`,
    });
    return send(reply, request.locale, data ? status : 404, page);
  }

  /** Bad input or a refusal: the page again with the server's translated reason. */
  function refusal(request: FastifyRequest, reply: FastifyReply, shortId: string, err: unknown) {
    const { locale } = request;
    if (err instanceof z.ZodError) {
      const text = [...new Set(err.issues.map((i) => t(locale, i.message)))].join(' ');
      return ticketAgain(request, reply, shortId, 422, { tone: 'error', text });
    }
    if (err instanceof AppError && err.status !== 404) {
      const text = t(locale, err.messageKey, err.opts.params ?? {});
      return ticketAgain(request, reply, shortId, err.status, { tone: 'error', text });
    }
    throw err;
  }

  const hide = { schema: { hide: true } };
  // The answer pages' language links (`?lang=`) and a reload land on the form's address: back to the ticket.
  for (const form of ['holder', 'transfer']) {
    app.get(`/ticket/:eventId/:attendeeShortId/${form}`, hide, (request, reply) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success) return reply.callNotFound();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const { eventId, attendeeShortId } = parsed.data;
      return reply.redirect(`/ticket/${eventId}/${encodeURIComponent(attendeeShortId)}${query}`, 303);
    });
  }
  app.post('/ticket/:eventId/:attendeeShortId/holder', hide, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success || !shell.available) return reply.callNotFound();
    const { eventId, attendeeShortId } = parsed.data;
    try {
      const input = holderEditInput.parse(request.body ?? {});
      await editHolder(app.deps, eventId, attendeeShortId, input, request.locale);
    } catch (err) {
      return refusal(request, reply, attendeeShortId, err);
    }
    const text = t(request.locale, m['ticket_changes.holder_saved']);
    return ticketAgain(request, reply, attendeeShortId, 200, { tone: 'success', text });
  });

  app.post('/ticket/:eventId/:attendeeShortId/transfer', hide, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success || !shell.available) return reply.callNotFound();
    const { eventId, attendeeShortId } = parsed.data;
    const bundle = await renderer.bundle();
    if (!bundle) return reply.callNotFound();
    let input: z.infer<typeof ticketTransferInput>;
    try {
      input = ticketTransferInput.parse(request.body ?? {});
      await transferTicket(app.deps, eventId, attendeeShortId, input, request.locale);
    } catch (err) {
      return refusal(request, reply, attendeeShortId, err);
    }
    const page = bundle.renderTicketTransferred({
      locale: request.locale,
      to: `${input.first_name} ${input.last_name}`,
      email: input.email,
      eventUrl: `/e/${eventId}`,
    });
    return send(reply, request.locale, 200, page);
  });

  // «¿Has perdido tus entradas?»: the form, then the e-mailed link (a button uses it, once).
  const lookupLimit = findTicketsLimit(app);
  const findParams = z.object({ eventId: z.uuid(), token: z.string().min(10).max(100).optional() });
  async function findPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    data: Omit<FindTicketsPageData, 'eventId'>,
  ) {
    const parsed = findParams.safeParse(request.params);
    const bundle = await renderer.bundle();
    if (!parsed.success || !bundle || !shell.available) return reply.callNotFound();
    const page = bundle.renderFindTickets({
      locale: request.locale,
      data: { eventId: parsed.data.eventId, ...data },
    });
    return send(reply, request.locale, status, page);
  }
  const failed = (err: unknown, locale: Locale) => {
    if (err instanceof z.ZodError) {
      return { status: 422, text: [...new Set(err.issues.map((i) => t(locale, i.message)))].join(' ') };
    }
    if (err instanceof AppError)
      return { status: err.status, text: t(locale, err.messageKey, err.opts.params ?? {}) };
    throw err;
  };

  app.get('/find-tickets/:eventId', hide, (request, reply) =>
    findPage(request, reply, 200, { step: 'ask', notice: null, orders: null }),
  );
  app.post('/find-tickets/:eventId', hide, async (request, reply) => {
    const parsed = findParams.safeParse(request.params);
    if (!parsed.success) return reply.callNotFound();
    try {
      await lookupLimit(request);
      const input = findTicketsInput.parse(request.body ?? {});
      const sent = await requestLookup(app.deps, parsed.data.eventId, input, request.locale);
      return findPage(request, reply, 202, {
        step: 'ask',
        notice: { tone: 'success', text: sent.message },
        orders: null,
      });
    } catch (err) {
      const { status, text } = failed(err, request.locale);
      if (status === 404) return reply.callNotFound();
      return findPage(request, reply, status, { step: 'ask', notice: { tone: 'error', text }, orders: null });
    }
  });
  app.get('/find-tickets/:eventId/:token', hide, (request, reply) =>
    findPage(request, reply, 200, { step: 'open', notice: null, orders: null }),
  );
  app.post('/find-tickets/:eventId/:token', hide, async (request, reply) => {
    const parsed = findParams.safeParse(request.params);
    if (!parsed.success) return reply.callNotFound();
    try {
      const orders = await openLookup(app.deps, parsed.data.token ?? '');
      return findPage(request, reply, 200, { step: 'found', notice: null, orders });
    } catch (err) {
      const { status, text } = failed(err, request.locale);
      return findPage(request, reply, status, { step: 'ask', notice: { tone: 'error', text }, orders: null });
    }
  });
}
