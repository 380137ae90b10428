import { i18n } from '@lingui/core';
import { eventColorsSchema, updateEventSettingsSchema } from '@taquilla/shared/schemas/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateTaxForm } from '../features/events/lib/tax-values.ts';
import { validateSettings as validateWaitlist } from '../features/waitlist/lib/settings-values.ts';
import { validateWidgetSettings } from '../features/widget/lib/settings-values.ts';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { schemaValidate } from './schema-form.ts';
import { SCHEMA_MESSAGES } from './schema-messages.ts';

const settings = schemaValidate(updateEventSettingsSchema);
const colors = schemaValidate(eventColorsSchema);
const widget = {
  allowed_origins: '',
  locale: '',
  button_text: null,
  primary_color: null,
  background_color: null,
  text_color: null,
  padding: 16,
  auto_resize: true,
};
const tax = {
  name: 'IVA',
  type: 'TAX' as const,
  calculation: 'PERCENTAGE' as const,
  amount: 21,
  is_default: false,
  is_active: true,
  currency: 'EUR',
};

beforeAll(() => {
  i18n.load({ es, en });
});

describe('forms refuse bad input with the shared schemas and the one key → message map (issue #24)', () => {
  it('says it in Spanish, with the limit the schema holds', () => {
    i18n.activate('es');
    expect(settings({ order_timeout_minutes: 0 })).toEqual({
      order_timeout_minutes: 'Debe ser como mínimo 1.',
    });
    expect(settings({ order_timeout_minutes: 999 })).toEqual({
      order_timeout_minutes: 'Debe ser como máximo 120.',
    });
    expect(settings({ order_timeout_minutes: 30 })).toEqual({});
    expect(colors({ primary: '#zzzzzz', background: '', text: '#112233' })).toEqual({
      primary: 'Introduce un color hexadecimal válido, p. ej. #1c7ed6.',
    });
    expect(validateWidgetSettings({ ...widget, padding: 500 })).toEqual({
      padding: 'El margen interior debe estar entre 0 y 48 píxeles.',
    });
    expect(validateWidgetSettings({ ...widget, primary_color: '#zzzzzz' })).toEqual({
      primary_color: 'Usa un color hexadecimal válido, p. ej. #1c7ed6.',
    });
    expect(validateTaxForm({ ...tax, amount: -5 })).toEqual({ amount: 'Debe ser como mínimo 0.' });
    expect(validateTaxForm({ ...tax, amount: 150 })).toEqual({
      amount: 'El porcentaje debe estar entre 0 y 100.',
    });
    expect(validateTaxForm({ ...tax, amount: '' })).toEqual({ amount: 'Escribe un número.' });
    expect(validateTaxForm({ ...tax, calculation: 'FIXED', amount: '1,234' })).toEqual({
      amount: 'Los importes en EUR llevan como máximo 2 decimales.',
    });
    expect(validateTaxForm(tax)).toEqual({});
    expect(validateWaitlist({ hours: 99999, auto_offer: true })).toEqual({
      hours: 'Una oferta dura entre 15 minutos y 14 días (336 horas).',
    });
    expect(validateWaitlist({ hours: 24, auto_offer: true })).toEqual({});
  });

  it('says it in the reader’s language', () => {
    i18n.activate('en');
    expect(settings({ order_timeout_minutes: 999 })).toEqual({
      order_timeout_minutes: 'Must be at most 120.',
    });
    expect(colors({ primary: '#zzzzzz' })).toEqual({
      primary: 'Enter a valid hex colour, e.g. #1c7ed6.',
    });
    expect(validateWidgetSettings({ ...widget, padding: 500 }).padding).toMatch(/48/);
    expect(validateWidgetSettings({ ...widget, padding: 500 }).padding).not.toMatch(/margen/);
    expect(validateWaitlist({ hours: 99999, auto_offer: true })).toEqual({
      hours: 'An offer lasts between 15 minutes and 14 days (336 hours).',
    });
  });

  it('names a wrong site by its place in the list, as the server does', () => {
    i18n.activate('es');
    expect(
      validateWidgetSettings({ ...widget, allowed_origins: 'https://ok.es\nhttps://mal.es/ruta' }),
    ).toEqual({
      'allowed_origins.1':
        'Escribe solo el origen del sitio: https:// y el dominio, sin ruta (p. ej. https://misala.es).',
    });
  });
});

describe('the key → message map', () => {
  it('words every key the shared schemas raise', () => {
    const schemas = import.meta.glob<string>('../../../../packages/shared/src/schemas/*.ts', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const keys = new Set<string>();
    for (const text of Object.values(schemas)) {
      for (const m of text.matchAll(/(?:error|message): '([a-z_]+\.[a-z_0-9.]+)'/g)) keys.add(m[1] as string);
      // Keys handed to a schema helper (`required(200, 'invoices.…')`) or chosen by an error function.
      for (const m of text.matchAll(/(?:, |\? |: )'([a-z_]+\.[a-z_0-9]+)'(?=\)| :|\))/g))
        keys.add(m[1] as string);
    }
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((k) => !SCHEMA_MESSAGES[k]);
    expect(
      missing,
      'add these keys, worded as the server words them, to apps/web/src/lib/schema-messages.ts',
    ).toEqual([]);
  });
});
