import { defineMessages } from '../../lib/i18n.ts';

/** Messages of authentication: validation, errors and the e-mails it sends. */
export const authMessages = defineMessages({
  'auth.email_invalid': 'Introduce un correo electrónico válido.',
  'auth.first_name_length': 'El nombre debe tener entre 1 y 50 caracteres.',
  'auth.last_name_length': 'Los apellidos deben tener entre 1 y 50 caracteres.',
  'auth.password_min': 'La contraseña debe tener al menos 8 caracteres.',
  'auth.password_max': 'La contraseña es demasiado larga.',
  'auth.password_required': 'Introduce tu contraseña.',
  'auth.password_mismatch': 'Las contraseñas no coinciden.',
  'auth.accept_terms': 'Debes aceptar los términos y condiciones.',
  'auth.locale_invalid': 'Elige un idioma disponible.',
  'auth.timezone_invalid': 'Elige una zona horaria válida.',
  'auth.account_invalid': 'Elige una de tus cuentas.',
  'auth.email_taken': 'Ya existe un usuario con este correo electrónico.',
  'auth.invalid_credentials': 'Revisa tu correo electrónico y tu contraseña.',
  'auth.user_inactive': 'Tu usuario está desactivado en esta cuenta. Habla con un administrador.',
  'auth.invitation_pending': 'Aún no has aceptado tu invitación. Usa el enlace que te enviamos por correo.',
  'auth.rate_limited_login':
    'Demasiados intentos de inicio de sesión. Espera {minutes} min y vuelve a intentarlo.',
  'auth.rate_limited_forgot':
    'Demasiadas solicitudes de restablecimiento. Espera {minutes} min y vuelve a intentarlo.',
  'auth.rate_limited_email': 'Ya te hemos enviado varios correos. Espera {minutes} min antes de pedir otro.',
  'auth.reset_link_invalid': 'El enlace para restablecer la contraseña no es válido o ha caducado.',
  'auth.invitation_invalid': 'Esta invitación no es válida, ya se ha usado o ha caducado.',
  'auth.invitation_password_required': 'Elige una contraseña para tu usuario.',
  'auth.invitation_sign_in_required': 'Ya tienes un usuario: escribe tu contraseña para aceptar.',
  'auth.invitation_password_wrong': 'La contraseña no es correcta.',
  'auth.invitation_other_user':
    'Esta invitación es para otro usuario. Cierra la sesión e inicia sesión con ese usuario.',
  'auth.link_invalid': 'Este enlace no es válido o ha caducado.',
  'auth.current_password_required': 'Introduce tu contraseña actual para cambiar el correo o la contraseña.',
  'auth.current_password_wrong': 'La contraseña actual no es correcta.',
  'auth.forgot_sent':
    'Si existe un usuario con ese correo, le hemos enviado un enlace para restablecer la contraseña.',
  'auth.backoff':
    'Demasiados intentos fallidos. Vuelve a intentarlo en {seconds, plural, one {# segundo} other {# segundos}}.',
  'auth.two_factor_code_required':
    'Introduce el código de 6 cifras de tu aplicación o un código de recuperación.',
  'auth.two_factor_code_wrong': 'El código no es correcto o ya se ha usado.',
  'auth.two_factor_challenge_invalid': 'La verificación ha caducado. Vuelve a iniciar sesión.',
  'auth.two_factor_already_on': 'La verificación en dos pasos ya está activada.',
  'auth.two_factor_not_started': 'Empieza la activación de la verificación en dos pasos de nuevo.',
  'auth.two_factor_not_on': 'La verificación en dos pasos no está activada.',
  'auth.two_factor_required':
    'Esta cuenta exige la verificación en dos pasos. Actívala en tu perfil para continuar.',
  'auth.two_factor_policy_invalid': 'Indica si la cuenta exige la verificación en dos pasos.',
  'mail.footer': 'Taquilla · Venta de entradas',
  'mail.greeting': 'Hola, {name}:',
  'mail.confirm.subject': 'Confirma tu correo electrónico',
  'mail.confirm.heading': 'Confirma tu correo electrónico',
  'mail.confirm.body':
    'Gracias por registrarte en Taquilla. Confirma que {email} es tu dirección para recibir avisos de ventas y recuperar tu cuenta.',
  'mail.confirm.button': 'Confirmar mi correo',
  'mail.confirm.expiry': 'El enlace caduca en 7 días.',
  'mail.reset.subject': 'Restablece tu contraseña',
  'mail.reset.heading': 'Restablece tu contraseña',
  'mail.reset.body': 'Hemos recibido una solicitud para restablecer la contraseña de {email}.',
  'mail.reset.button': 'Elegir una contraseña nueva',
  'mail.reset.expiry':
    'El enlace caduca en 1 hora y solo se puede usar una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.',
  'mail.invite.subject': 'Invitación a una cuenta de Taquilla',
  'mail.invite.heading': 'Te han invitado a una cuenta de Taquilla',
  'mail.invite.body':
    'Una persona que se presenta como «{inviter}» te invita a la cuenta «{account}» con el rol {role}. Esos nombres los ha escrito quien te invita y Taquilla no los ha comprobado: acepta solo si sabes quién es.',
  'mail.invite.button': 'Aceptar la invitación',
  'mail.invite.expiry': 'La invitación caduca en 7 días.',
  'mail.change.subject': 'Confirma tu nuevo correo electrónico',
  'mail.change.heading': 'Confirma tu nuevo correo electrónico',
  'mail.change.body': 'Has pedido cambiar el correo de tu usuario de Taquilla a {email}.',
  'mail.change.button': 'Confirmar el cambio',
  'mail.change.expiry': 'El enlace caduca en 24 horas. Si no lo has pedido tú, ignora este correo.',
  'mail.undo.subject': 'El correo de tu usuario de Taquilla ha cambiado',
  'mail.undo.heading': 'El correo de tu usuario ha cambiado',
  'mail.undo.body':
    'El correo de tu usuario de Taquilla ha pasado de {old_email} a {new_email}. Si no has sido tú, deshaz el cambio: volverás a usar {old_email} y cerraremos todas las sesiones abiertas.',
  'mail.undo.button': 'Deshacer el cambio',
  'mail.undo.expiry':
    'El enlace caduca en 7 días y solo se puede usar una vez. Si has sido tú, ignora este correo.',
  'auth.undo_email_taken':
    'No se puede volver a {email}: ahora lo usa otro usuario. Escríbenos para recuperar tu cuenta.',
  'role.ADMIN': 'Administrador',
  'role.ORGANIZER': 'Organizador',
  'role.FINANCE': 'Finanzas',
  'role.DOOR': 'Puerta',
  'role.READ_ONLY': 'Solo lectura',
});
