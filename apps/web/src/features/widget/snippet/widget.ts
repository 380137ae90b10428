/**
 * The embed snippet served as /widget.js (built on its own, no framework, a few hundred bytes gzip).
 * Every `<div data-taquilla-event="{eventId}">` on the page becomes an iframe of Taquilla's
 * `/widget/{eventId}`, with the div's data attributes as options: data-locale, data-button-text,
 * data-primary-color, data-background-color, data-text-color, data-padding, data-date (one date of an event with dates), data-auto-resize="false"
 * (then data-height, default 600). The frame reports its content height with postMessage; only
 * messages from Taquilla's origin and from that very frame are believed.
 */
const RESIZE = 'taquilla-widget:resize';
const script = document.currentScript as HTMLScriptElement | null;
const taquilla = new URL(script?.src ?? '/', window.location.href).origin;
const framed: HTMLIFrameElement[] = [];
const OPTIONS: [string, string][] = [
  ['locale', 'locale'],
  ['buttonText', 'button_text'],
  ['primaryColor', 'primary'],
  ['backgroundColor', 'background'],
  ['textColor', 'text'],
  ['padding', 'padding'],
  ['date', 'date'],
];

function mount(host: HTMLElement) {
  const d = host.dataset;
  if (d.taquillaMounted || !d.taquillaEvent) return;
  d.taquillaMounted = '1';
  const query = new URLSearchParams();
  for (const [attr, param] of OPTIONS) {
    const value = d[attr];
    if (value) query.set(param, value);
  }
  const frame = document.createElement('iframe');
  frame.src = `${taquilla}/widget/${encodeURIComponent(d.taquillaEvent)}?${query}`;
  frame.title = d.title || 'Taquilla';
  frame.loading = 'lazy';
  frame.setAttribute('allow', 'payment');
  frame.style.cssText = `width:100%;border:0;display:block;height:${Number(d.height) || 600}px`;
  if (d.autoResize !== 'false') framed.push(frame);
  host.appendChild(frame);
}

window.addEventListener('message', (event) => {
  if (event.origin !== taquilla || event.data?.type !== RESIZE) return;
  const height = Number(event.data.height);
  const frame = framed.find((f) => f.contentWindow === event.source);
  if (frame && height > 0 && height < 20_000) frame.style.height = `${Math.ceil(height)}px`;
});

const mountAll = () => {
  for (const host of document.querySelectorAll<HTMLElement>('[data-taquilla-event]')) mount(host);
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
else mountAll();

// A module of its own (not a global script to the type checker).
export {};
