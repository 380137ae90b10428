import { describe, expect, it } from 'vitest';
import { catalogKeys, negotiateLocale, t } from './i18n.ts';
import '../modules/index.ts';

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
  });

  it('has every key in both languages', () => {
    expect(catalogKeys('en').sort()).toEqual(catalogKeys('es').sort());
  });
});
