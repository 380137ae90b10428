import { LOCALE_INFO, type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/email-layout.ts';
import { defineMessages, t } from '../../lib/i18n.ts';

const m = defineMessages({
  'public_pages.a11y.title': 'Declaración de accesibilidad',
  'public_pages.a11y.scope_title': 'Qué páginas cubre',
  'public_pages.a11y.scope':
    'Las páginas públicas de Taquilla: la página del evento, la compra, el resumen del pedido, las entradas y sus versiones para imprimir, la página del organizador, el widget para otras webs, el control de acceso en la puerta y esta declaración.',
  'public_pages.a11y.status_title': 'Situación de cumplimiento',
  'public_pages.a11y.status':
    'Estas páginas aspiran a cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.1, nivel AA. Se pueden usar solo con el teclado, funcionan con lectores de pantalla y a 360 píxeles de ancho, y los botones y enlaces tienen al menos 24 píxeles.',
  'public_pages.a11y.colors':
    'Los colores que elige cada organizador se ajustan automáticamente para mantener el contraste mínimo de las WCAG (4,5:1 para el texto).',
  'public_pages.a11y.method_title': 'Cómo lo comprobamos',
  'public_pages.a11y.method':
    'Cada cambio se revisa con pruebas automáticas en un navegador real (axe-core, sin fallos graves ni críticos) y con recorridos de compra hechos con el teclado.',
  'public_pages.a11y.limits_title': 'Limitaciones conocidas',
  'public_pages.a11y.limits':
    'Las descripciones de los eventos las escribe cada organizador: si una imagen o un texto suyo no es accesible, díselo a él o a nosotros.',
  'public_pages.a11y.contact_title': 'Cómo comunicar una barrera',
  'public_pages.a11y.contact':
    'Si algo te impide comprar o usar tu entrada, escribe al organizador del evento (su contacto está en el aviso de privacidad del evento) o a quien gestiona este sitio, {host}. Responderemos en un plazo máximo de 20 días hábiles.',
  'public_pages.a11y.date': 'Declaración revisada el 28 de noviembre de 2026.',
});

/** The language links: every supported language under its own name. */
const LANGS = SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_INFO[value].label }));

/**
 * The accessibility statement (linked from the footer of every public page) as one small HTML document
 * without script, in the reader's language.
 */
export function renderAccessibilityStatement(locale: Locale, host: string): string {
  const text = (key: string, params: Record<string, string> = {}) => escapeHtml(t(locale, key, params));
  const section = (title: string, ...paragraphs: string[]) =>
    `<h2>${text(title)}</h2>${paragraphs.map((p) => `<p>${text(p, { host })}</p>`).join('')}`;
  const body = [
    section(m['public_pages.a11y.scope_title'], m['public_pages.a11y.scope']),
    section(
      m['public_pages.a11y.status_title'],
      m['public_pages.a11y.status'],
      m['public_pages.a11y.colors'],
    ),
    section(m['public_pages.a11y.method_title'], m['public_pages.a11y.method']),
    section(m['public_pages.a11y.limits_title'], m['public_pages.a11y.limits']),
    section(m['public_pages.a11y.contact_title'], m['public_pages.a11y.contact']),
  ].join('');
  const langs = LANGS.map(
    (l) =>
      `<a href="?lang=${l.value}" lang="${l.value}"${l.value === locale ? ' aria-current="true"' : ''}>${l.label}</a>`,
  ).join(' · ');
  const title = text(m['public_pages.a11y.title']);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Taquilla</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;line-height:1.55;margin:0;background:#f6f7f9}
main{max-width:680px;margin:0 auto;padding:24px 16px 8px;background:#fff;min-height:80vh}
h1{font-size:26px;margin:8px 0 4px}h2{font-size:18px;margin:24px 0 4px}p{margin:6px 0}
a{color:#1c64c8;display:inline-block;min-height:24px;line-height:24px}.sub{color:#5b6470;margin:16px 0 0}
footer{max-width:680px;margin:0 auto;padding:12px 16px 24px;color:#5b6470;font-size:14px;display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px}
footer a[aria-current]{font-weight:700;color:#1f2328;text-decoration:none}
</style></head>
<body><main><h1>${title}</h1>${body}<p class="sub">${text(m['public_pages.a11y.date'])}</p></main>
<footer><span>Taquilla</span><span>${langs}</span></footer></body></html>`;
}

const query = z.object({ lang: z.enum(SUPPORTED_LOCALES).optional() }).passthrough();

/** `GET /accessibility`: the statement; `?lang=` switches language and is remembered in the cookie. */
export function accessibilityRoutes(app: FastifyInstance) {
  const host = new URL(app.deps.config.appUrl).host;
  app.get('/accessibility', { schema: { hide: true } }, async (request, reply) => {
    const { lang } = query.parse(request.query);
    if (lang) reply.setCookie('locale', lang, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderAccessibilityStatement(lang ?? request.locale, host));
  });
}
