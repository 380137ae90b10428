import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QuestionType } from '@taquilla/shared';

export const QUESTION_TYPE_LABELS: Record<QuestionType, MessageDescriptor> = {
  SINGLE_LINE_TEXT: msg`Texto de una línea`,
  MULTI_LINE_TEXT: msg`Texto de varias líneas`,
  CHECKBOX: msg`Casillas de verificación`,
  RADIO: msg`Opción única (botones)`,
  DROPDOWN: msg`Desplegable`,
  MULTI_SELECT: msg`Selección múltiple`,
  DATE: msg`Fecha`,
  PHONE: msg`Teléfono`,
  ADDRESS: msg`Dirección`,
};
