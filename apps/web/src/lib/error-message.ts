import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from './api-client.ts';

/** The message to show for a failed request (spec §8): the server's translated message, or a network one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'offline':
        return i18n._(msg`Sin conexión. Comprueba tu conexión a internet.`);
      case 'network':
        return i18n._(msg`Error de red. No se ha podido contactar con el servidor.`);
      case 'timeout':
        return i18n._(msg`La solicitud ha tardado demasiado. Inténtalo de nuevo.`);
      case 'aborted':
        return i18n._(msg`La solicitud se ha cancelado.`);
      default:
        if (error.status >= 500) return i18n._(msg`Algo ha ido mal. Inténtalo de nuevo.`);
        return error.message;
    }
  }
  return i18n._(msg`Se ha producido un error inesperado.`);
}
