import type { Locale, PublicEvent } from '@taquilla/shared';
import { formatDateTime, formatTime } from '@taquilla/shared/dates';
import type { WaitingRoomVisitor } from '@taquilla/shared/schemas/waiting-room';
import { escapeHtml as esc } from '../../lib/email-layout.ts';
import { t } from '../../lib/i18n.ts';
import { waitingRoomMessages as m } from './waiting-room.messages.ts';

/** Where the page's links lead: the event (or widget) page, and this page again. */
export interface QueueLinks {
  event: string;
  queue: string;
  /** The date whose room this is (#27): the event page is opened on it. */
  date?: string | null;
  /**
   * Query carrying the date, and the device token when it did not come from a cookie (cookies blocked,
   * e.g. a framed widget).
   */
  deviceQuery: string;
}

/** The event page, on the room's date when it has one. */
const eventLink = (links: QueueLinks) => (links.date ? `${links.event}?date=${links.date}` : links.event);

const COLOR = /^#[0-9a-fA-F]{3,8}$/;

/** The heading and the live part of the page (what the script swaps in as it polls). */
export function statusParts(
  s: WaitingRoomVisitor,
  event: Pick<PublicEvent, 'timezone'>,
  locale: Locale,
  links: QueueLinks,
  now: Date,
): { heading: string; html: string } {
  const p = (text: string) => `<p>${esc(text)}</p>`;
  const tz = event.timezone;
  const rejoin = `<p><a class="button" href="${esc(`${links.queue}?rejoin=1${links.deviceQuery && `&${links.deviceQuery}`}`)}">${esc(t(locale, m['waiting_room.rejoin']))}</a></p>`;
  switch (s.state) {
    case 'PRE_QUEUE':
      return {
        heading: t(locale, m['waiting_room.pre_queue_heading']),
        html:
          p(
            t(locale, m['waiting_room.pre_queue_body'], {
              opens: formatDateTime(s.opens_at ?? now, tz, locale),
            }),
          ) + p(t(locale, m['waiting_room.in_pre_queue'], { count: s.in_line })),
      };
    case 'WAITING': {
      const minutes = s.estimate_seconds === null ? null : Math.floor(s.estimate_seconds / 60);
      return {
        heading: t(locale, m['waiting_room.heading']),
        html:
          (s.position === null
            ? ''
            : `<p class="big">${esc(t(locale, m['waiting_room.position'], { position: s.position }))}</p>`) +
          (s.ahead === null ? '' : p(t(locale, m['waiting_room.ahead'], { count: s.ahead }))) +
          (minutes === null
            ? p(t(locale, m['waiting_room.paused']))
            : p(t(locale, m['waiting_room.estimate'], { minutes }))),
      };
    }
    case 'ADMITTED': {
      // The event page's script sends both with the reservation (public calls carry no cookies).
      const query = new URLSearchParams({
        ...(links.date ? { date: links.date } : {}),
        pass: s.pass ?? '',
        wr: s.token,
      });
      return {
        heading: t(locale, m['waiting_room.admitted_heading']),
        html:
          p(
            t(locale, m['waiting_room.admitted_body'], {
              until: formatTime(s.pass_expires_at ?? now, tz, locale),
            }),
          ) +
          `<p><a class="button" id="buy" href="${esc(`${links.event}?${query}`)}">${esc(t(locale, m['waiting_room.buy']))}</a></p>`,
      };
    }
    case 'EXPIRED':
      return {
        heading: t(locale, m['waiting_room.expired_heading']),
        html: p(t(locale, m['waiting_room.expired_body'])) + rejoin,
      };
    case 'USED':
      return {
        heading: t(locale, m['waiting_room.used_heading']),
        html: p(t(locale, m['waiting_room.used_body'])) + rejoin,
      };
    case 'CLOSED':
      return {
        heading: t(locale, m['waiting_room.closed_heading']),
        html:
          p(t(locale, m['waiting_room.closed_body'])) +
          (s.waitlist_enabled
            ? `<p><a class="button" href="${esc(eventLink(links))}">${esc(t(locale, m['waiting_room.waitlist']))}</a></p>`
            : ''),
      };
    default:
      return {
        heading: t(locale, m['waiting_room.off_heading']),
        html: `<p><a class="button" href="${esc(eventLink(links))}">${esc(t(locale, m['waiting_room.back_to_event']))}</a></p>`,
      };
  }
}

/**
 * The queue page: plain HTML in the event's colours, light enough for a crowd on phones. Without
 * JavaScript a meta refresh asks again (carrying the device token when no cookie holds it); with it,
 * /waiting-room.js asks for the live part only, with backoff, and swaps it into a polite live region.
 */
export function queuePage(
  s: WaitingRoomVisitor,
  event: PublicEvent,
  locale: Locale,
  links: QueueLinks,
  now: Date,
): string {
  const { heading, html } = statusParts(s, event, locale, links, now);
  const colors = event.settings.colors ?? {};
  const color = (value: string | undefined, fallback: string) =>
    value && COLOR.test(value) ? value : fallback;
  const primary = color(colors.primary, '#1864ab');
  const background = color(colors.background, '#f8f9fa');
  const text = color(colors.text, '#212529');
  const refreshUrl = `${links.queue}${links.deviceQuery ? `?${links.deviceQuery}` : ''}`;
  const final = s.state === 'CLOSED' || s.state === 'OFF';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(t(locale, m['waiting_room.page_title'], { event: event.name }))}</title>
${final ? '' : `<noscript><meta http-equiv="refresh" content="${s.poll_seconds};url=${esc(refreshUrl)}"></noscript>`}
<style>
:root{--primary:${primary};--bg:${background};--text:${text}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
.event{margin:0 0 .25rem;font-weight:600}
.when{margin:0 0 1.5rem;opacity:.85}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem;color:var(--primary)}
.card{background:#fff;color:#212529;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.card p{margin:.5rem 0}
.big{font-size:1.5rem;font-weight:700}
.button{display:inline-block;background:var(--primary);color:#fff;padding:.75rem 1.25rem;border-radius:8px;text-decoration:none;font-weight:600}
.button:focus-visible,a:focus-visible{outline:3px solid #000;outline-offset:2px}
.note{font-size:.9rem;margin-top:1rem}
</style>
</head>
<body>
<main>
<p class="event">${esc(event.name)}</p>
<p class="when">${esc(formatDateTime(event.start_date, event.timezone, locale))}</p>
<h1 id="heading">${esc(heading)}</h1>
<div class="card"><div id="status" role="status" aria-live="polite" aria-atomic="true">${html}</div></div>
${final ? '' : `<p class="note">${esc(t(locale, m['waiting_room.keep_open']))}</p>`}
</main>
${final ? '' : `<script src="/waiting-room.js" defer data-poll="${s.poll_seconds}" data-url="${esc(`${links.queue}?partial=1${links.deviceQuery && `&${links.deviceQuery}`}`)}" data-state="${s.state}"></script>`}
</body>
</html>`;
}

/**
 * The page's script (served as /waiting-room.js: the pages' CSP allows no inline script). It asks for
 * the live part after the server's `poll_seconds`, doubling the wait after a failure (up to a minute),
 * and replaces the text only when it changed, so screen readers hear each change once.
 */
export const QUEUE_SCRIPT = `(function(){
var s=document.currentScript,url=s.getAttribute('data-url'),wait=+s.getAttribute('data-poll')||5,fail=0,state=s.getAttribute('data-state');
var box=document.getElementById('status'),h=document.getElementById('heading');
function next(sec){setTimeout(poll,Math.round(sec*1000*(0.9+Math.random()*0.2)));}
function poll(){
fetch(url,{headers:{accept:'application/json'},credentials:'same-origin'}).then(function(r){if(!r.ok)throw r;return r.json();}).then(function(d){
fail=0;
if(d.html!==box.innerHTML)box.innerHTML=d.html;
if(d.heading!==h.textContent){h.textContent=d.heading;}
if(d.state==='ADMITTED'&&state!=='ADMITTED'){document.title=d.heading+' · '+document.title;var b=document.getElementById('buy');if(b)b.focus();}
state=d.state;
if(d.state!=='CLOSED'&&d.state!=='OFF')next(d.poll_seconds);
}).catch(function(){fail++;next(Math.min(60,wait*Math.pow(2,fail)));});
}
next(wait);
})();`;
