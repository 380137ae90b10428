import { i18n } from '@lingui/core';
import { registerSchema } from '@taquilla/shared/schemas/auth';
import { privacyEraseSchema, privacySettingsInput } from '@taquilla/shared/schemas/privacy';
import { changePasswordSchema } from '@taquilla/shared/schemas/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as en } from '../locales/en.po';
import { messages as es } from '../locales/es.po';
import { schemaValidate } from './schema-form.ts';

const register = schemaValidate(registerSchema);
const password = schemaValidate(changePasswordSchema);
const erase = schemaValidate(privacyEraseSchema);
const retention = schemaValidate(privacySettingsInput);
const newUser = {
  first_name: 'Lucía',
  last_name: 'Pérez',
  email: 'lucia@example.com',
  password: 'secreto-largo',
  password_confirmation: 'secreto-largo',
  accept_terms: true,
};

beforeAll(() => {
  i18n.load({ es, en });
});

describe('the account forms refuse bad input under the field, in the shared schemas’ words (issue #24)', () => {
  it('registration: names, e-mail, password, its repetition and the terms', () => {
    i18n.activate('es');
    expect(register(newUser)).toEqual({});
    expect(
      register({
        ...newUser,
        first_name: ' ',
        last_name: 'x'.repeat(51),
        email: 'lucia@',
        password_confirmation: 'otra-cosa-larga',
        accept_terms: false,
      }),
    ).toEqual({
      first_name: 'El nombre debe tener entre 1 y 50 caracteres.',
      last_name: 'Los apellidos deben tener entre 1 y 50 caracteres.',
      email: 'Introduce un correo electrónico válido.',
      accept_terms: 'Debes aceptar los términos y condiciones.',
    });
    // The repetition is compared once every field is valid, as the server compares it.
    expect(register({ ...newUser, password_confirmation: 'otra-cosa-larga' })).toEqual({
      password_confirmation: 'Las contraseñas no coinciden.',
    });
    i18n.activate('en');
    expect(register({ ...newUser, password: 'corta', password_confirmation: 'corta' })).toEqual({
      password: 'The password must be at least 8 characters long.',
    });
  });

  it('the profile’s password change needs the current password', () => {
    i18n.activate('es');
    expect(
      password({ current_password: '', password: 'secreto-largo', password_confirmation: 'secreto-largo' }),
    ).toEqual({
      current_password: 'Introduce tu contraseña actual para cambiar el correo o la contraseña.',
    });
  });

  it('privacy: the erasure’s confirmation and the retention’s range', () => {
    i18n.activate('es');
    expect(erase({ email: 'a@example.com', confirm_email: ' A@example.com ' })).toEqual({});
    expect(erase({ email: 'a@example.com', confirm_email: 'b@example.com' })).toEqual({
      confirm_email: 'Escribe otra vez la misma dirección para confirmar el borrado.',
    });
    expect(retention({ personal_data_retention_days: 10 })).toEqual({
      personal_data_retention_days:
        'Indica un número entero de días entre 30 y 3650, o déjalo vacío para conservar los datos.',
    });
    expect(retention({ personal_data_retention_days: null })).toEqual({});
  });
});
