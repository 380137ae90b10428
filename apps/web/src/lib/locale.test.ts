import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveLocale, writeLocaleCookie } from './locale.ts';

describe('resolveLocale: cookie, then browser language, then the user setting, default es', () => {
  afterEach(() => {
    document.cookie = 'locale=; max-age=0; path=/';
    vi.restoreAllMocks();
  });
  const languages = (list: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list);

  it('prefers the cookie', () => {
    languages(['es-ES']);
    writeLocaleCookie('en');
    expect(resolveLocale('es')).toBe('en');
  });
  it('then the first supported browser language', () => {
    languages(['fr-FR', 'en-US', 'es']);
    expect(resolveLocale('es')).toBe('en');
  });
  it('then the user setting, then es', () => {
    languages(['de-DE']);
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale(null)).toBe('es');
  });
  it('chooses Catalan like the others: cookie, browser, user setting', () => {
    languages(['ca-ES', 'es']);
    expect(resolveLocale('en')).toBe('ca');
    languages(['de-DE']);
    expect(resolveLocale('ca')).toBe('ca');
    writeLocaleCookie('ca');
    languages(['en-GB']);
    expect(resolveLocale('es')).toBe('ca');
  });
});
