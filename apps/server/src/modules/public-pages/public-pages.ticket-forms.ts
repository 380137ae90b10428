import type { Locale } from '@taquilla/shared';
import {
  findTicketsInput,
  holderEditInput,
  type TicketChangeActions,
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
import { editHolder, ticketActions, transferTicket } from '../ticket-changes/ticket-changes.service.ts';
import type { EventPageRenderer, FindTicketsPageData, HolderEditForm } from './public-pages.renderer.ts';
import { ticketPageData } from './public-pages.tickets.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const params = z.object({ eventId: z.uuid(), attendeeShortId: z.string().min(1).max(60) });
type Notice = { tone: 'success' | 'error'; text: string };
type FormBody = Record<string, string | string[]>;
type EditableQuestion = TicketChangeActions['questions'][number];

/** A form's fields; a name sent more than once (a group of checkboxes) keeps every value, in order. */
function formFields(body: string): FormBody {
  const out: FormBody = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const had = out[key];
    out[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

/**
 * The edit form as the API's body: `answers.<id>` and `order_answers.<id>` fields read by the type of the
 * question the page asked (an unticked box sends nothing: no answer).
 */
export function holderEditBody(form: FormBody, questions: EditableQuestion[]) {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
  const groups: Record<'answers' | 'order_answers', Record<string, unknown>> = {
    answers: {},
    order_answers: {},
  };
  for (const q of questions) {
    const group = q.belongs_to === 'ORDER' ? 'order_answers' : 'answers';
    const raw = form[`${group}.${q.id}`];
    const list = q.type === 'MULTI_SELECT' || (q.type === 'CHECKBOX' && q.options.length > 0);
    if (list) groups[group][q.id] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    else if (q.type === 'CHECKBOX') groups[group][q.id] = raw !== undefined;
    else groups[group][q.id] = one(raw);
  }
  const asks = (belongs: string) => questions.some((q) => q.belongs_to === belongs);
  return {
    first_name: one(form.first_name),
    last_name: one(form.last_name),
    ...(asks('ATTENDEE') ? { answers: groups.answers } : {}),
    ...(asks('ORDER') ? { order_answers: groups.order_answers } : {}),
  };
}

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
    (_request, body, done) => done(null, formFields(String(body))),
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
    edit: HolderEditForm | null = null,
  ) {
    const { eventId } = params.parse(request.params);
    const bundle = await renderer.bundle();
    if (!bundle) return reply.callNotFound();
    const data = await ticketPageData(app.deps, eventId, shortId, request.locale);
    const page = bundle.renderTicketPage({
      locale: request.locale,
      data: data && { ...data, notice, edit },
      eventUrl: `/e/${eventId}`,
    });
    return send(reply, request.locale, data ? status : 404, page);
  }

  /** Each field at fault by its label (a question's title) with the translated reason. */
  function fieldErrors(locale: Locale, err: unknown, questions: EditableQuestion[]) {
    const raw: Record<string, string> = {};
    if (err instanceof z.ZodError) {
      for (const i of err.issues) raw[i.path.join('.')] ??= t(locale, i.message);
    } else if (err instanceof AppError) {
      for (const [key, e] of Object.entries(err.opts.fields ?? {})) {
        raw[key] = typeof e === 'string' ? t(locale, e) : t(locale, e.key, e.params ?? {});
      }
    }
    const labels: Record<string, string> = {
      first_name: t(locale, m['ticket_changes.field_first_name']),
      last_name: t(locale, m['ticket_changes.field_last_name']),
    };
    for (const q of questions) {
      labels[`${q.belongs_to === 'ORDER' ? 'order_answers' : 'answers'}.${q.id}`] = q.title;
    }
    const errors: Record<string, string> = {};
    for (const [key, text] of Object.entries(raw)) {
      // A list answer's issue points into the list (answers.<id>.0): it is the question's.
      const field = Object.keys(labels).find((k) => key === k || key.startsWith(`${k}.`)) ?? key;
      errors[field] ??= text;
    }
    const text = Object.entries(errors)
      .map(([field, reason]) => `${labels[field] ?? field}: ${reason}`)
      .join(' ');
    return { errors, text };
  }

  /** Bad input or a refusal: the page again with the server's translated reason. */
  function refusal(
    request: FastifyRequest,
    reply: FastifyReply,
    shortId: string,
    err: unknown,
    form?: { values: HolderEditForm['values']; questions: EditableQuestion[] },
  ) {
    const { locale } = request;
    if (err instanceof AppError && err.status === 404) {
      return ticketAgain(request, reply, shortId, 404, { tone: 'error', text: '' });
    }
    const badInput = err instanceof z.ZodError || (err instanceof AppError && err.status === 422);
    if (badInput) {
      const { errors, text } = fieldErrors(locale, err, form?.questions ?? []);
      const edit = form ? { values: form.values, errors } : null;
      return ticketAgain(request, reply, shortId, 422, { tone: 'error', text }, edit);
    }
    if (err instanceof AppError) {
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
    let form: { values: HolderEditForm['values']; questions: EditableQuestion[] } | undefined;
    try {
      const { questions } = await ticketActions(app.deps, eventId, attendeeShortId, request.locale);
      form = { questions, values: holderEditBody((request.body ?? {}) as FormBody, questions) };
      const input = holderEditInput.parse(form.values);
      await editHolder(app.deps, eventId, attendeeShortId, input, request.locale);
    } catch (err) {
      return refusal(request, reply, attendeeShortId, err, form);
    }
    const text = t(request.locale, m['ticket_changes.details_saved']);
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
