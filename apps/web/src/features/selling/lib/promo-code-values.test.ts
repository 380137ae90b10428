import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../locales/es.po';
import { type PromoCodeFormValues, promoCodeBody, promoCodeErrors } from './promo-code-values.ts';

const values = (over: Partial<PromoCodeFormValues>): PromoCodeFormValues => ({
  code: 'PRIMAVERA',
  discount_type: 'PERCENTAGE',
  discount: 10,
  ticket_ids: [],
  event_date_ids: [],
  expiry_date: null,
  max_uses: '',
  ...over,
});
const judge = (over: Partial<PromoCodeFormValues>, currency = 'EUR') => {
  const body = promoCodeBody(values(over), currency, 'Europe/Madrid');
  return { body, errors: promoCodeErrors(body) };
};

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'es', messages });
});

describe('promo code form', () => {
  it('refuses 150 % by the shared schema instead of saving it as 100 %', () => {
    const { body, errors } = judge({ discount: 150 });
    expect(body.discount).toBe(150);
    expect(errors).toEqual({ discount: 'El porcentaje debe estar entre 0 y 100.' });
    expect(judge({ discount: 100 }).errors).toEqual({});
  });

  it('refuses 0 maximum uses instead of turning it into 1', () => {
    const { body, errors } = judge({ max_uses: 0 });
    expect(body.max_uses).toBe(0);
    expect(errors).toEqual({
      max_uses: 'Los usos máximos son un número entero de 1 en adelante; déjalo vacío para usos ilimitados.',
    });
    expect(judge({ max_uses: '' }).errors).toEqual({});
  });

  it('refuses a negative discount, a discount of 0 and a missing one', () => {
    expect(judge({ discount: -5 }).errors.discount).toBe('El descuento no puede ser negativo.');
    expect(judge({ discount_type: 'FIXED', discount: -5 }).errors.discount).toBe(
      'El descuento no puede ser negativo.',
    );
    expect(judge({ discount_type: 'FIXED', discount: 0 }).errors.discount).toBe(
      'Un descuento de 0 no descuenta nada: indica un descuento mayor que 0 o elige «Solo desbloquea».',
    );
    expect(judge({ discount_type: 'FIXED', discount: '' }).errors.discount).toBe('Indica el descuento.');
  });

  it('sends a fixed discount in minor units of the currency, and no discount for unlock-only codes', () => {
    expect(judge({ discount_type: 'FIXED', discount: 12.5 })).toEqual({
      body: expect.objectContaining({ discount: 1250 }),
      errors: {},
    });
    expect(judge({ discount_type: 'FIXED', discount: 500 }, 'JPY').body.discount).toBe(500);
    expect(judge({ discount_type: 'NONE', discount: 150 })).toEqual({
      body: expect.objectContaining({ discount: null }),
      errors: {},
    });
  });

  it('checks the code with the same rule as the server', () => {
    expect(judge({ code: ' AB ' }).errors).toEqual({ code: 'El código debe tener entre 3 y 50 caracteres.' });
    expect(judge({ code: 'CON ESPACIO' }).errors).toEqual({ code: 'El código no puede contener espacios.' });
  });
});
