import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { SUPPORTED_LOCALES } from '@taquilla/shared';
import { describe, expect, it } from 'vitest';
import { catalogMessages, negotiateLocale, sourceMessages, t } from './i18n.ts';
import '../modules/index.ts';

/** The parameter names an ICU message uses (`{name}`, `{count, plural, …}`), sorted and unique. */
function parameters(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , options] = token as [string, unknown, Record<string, unknown> | undefined];
      names.add(name);
      for (const branch of Object.values(options ?? {})) if (Array.isArray(branch)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe('server i18n', () => {
  it('negotiates the cookie first, then Accept-Language by quality, default es', () => {
    expect(negotiateLocale('en', 'es-ES')).toBe('en');
    expect(negotiateLocale('fr', 'fr-FR,en;q=0.8,es;q=0.5')).toBe('en');
    expect(negotiateLocale(undefined, 'de-DE,de;q=0.9')).toBe('es');
    expect(negotiateLocale(undefined, undefined)).toBe('es');
  });

  it('interpolates parameters', () => {
    expect(t('es', 'validation.string_min', { min: 8 })).toBe('Debe tener al menos 8 caracteres.');
    expect(t('en', 'validation.string_min', { min: 8 })).toBe('Must be at least 8 characters.');
    expect(t('en', 'orders.refund_exceeds', { max: { minor: 123450, currency: 'EUR' } })).toContain(
      '€1,234.50',
    );
  });

  it('writes ICU plurals: 1 entrada, 2 entradas', () => {
    const offer = (locale: 'es' | 'en', quantity: number) =>
      t(locale, 'waitlist.email_offer_body', {
        name: 'Ana',
        quantity,
        ticket: 'General',
        event: 'Fest',
        until: 'x',
      });
    expect(offer('es', 1)).toContain('te guardamos 1 entrada de «General»');
    expect(offer('es', 1)).toContain('Después pasará a');
    expect(offer('es', 2)).toContain('te guardamos 2 entradas de «General»');
    expect(offer('en', 1)).toContain('holding 1 ticket of');
    expect(offer('en', 3)).toContain('holding 3 tickets of');
    expect(t('es', 'waitlist.email_offer_subject', { quantity: 1, event: 'Fest' })).toBe(
      'Tu entrada para Fest te espera',
    );
    expect(t('es', 'waitlist.quantity_range', { min: 1, max: 1 })).toBe('Puedes pedir entre 1 y 1 entrada.');
    expect(t('es', 'validation.string_max', { max: 1 })).toBe('Debe tener como máximo 1 carácter.');
  });

  it('has every message translated in every language, with the same parameters as its source', () => {
    const sources = sourceMessages();
    expect(Object.keys(sources).length).toBeGreaterThan(300);
    for (const locale of SUPPORTED_LOCALES) {
      const catalog = locale === 'es' ? sources : catalogMessages(locale);
      const missing = Object.keys(sources).filter((key) => !catalog[key]);
      expect(missing, `${locale} lacks translations: run npm run i18n:extract -w apps/web`).toEqual([]);
      for (const [key, source] of Object.entries(sources)) {
        expect(parameters(catalog[key] ?? ''), `${locale} ${key}`).toEqual(parameters(source));
      }
    }
  });
});
