import type { AnsweredQuestion } from '@taquilla/shared/schemas/orders';
import type { FieldError } from '../../lib/errors.ts';
import { defineMessages } from '../../lib/i18n.ts';

const m = defineMessages({
  'checkout.answer_required': 'Esta pregunta es obligatoria.',
  'checkout.answer_invalid': 'Elige una de las opciones.',
  'checkout.unknown_question': 'Pregunta desconocida.',
  'checkout.answer_text_invalid': 'Escribe un texto de {max} caracteres como mucho.',
  'checkout.answer_date_invalid': 'Indica una fecha válida (día, mes y año).',
  'checkout.answer_phone_invalid':
    'Indica un número de teléfono válido: de 6 a 15 cifras, con + delante si es internacional.',
  'checkout.answer_checkbox_invalid': 'Marca la casilla o déjala sin marcar.',
});

/** The longest answer to a one-line question, and to a multi-line one or an address. */
const MAX_LINE = 255;
const MAX_TEXT = 5000;

/** A real calendar day written YYYY-MM-DD (what a date input sends). */
function isDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A phone number as people write it: digits with spaces, dots, dashes or brackets, `+` first if any. */
function isPhone(value: string) {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Why an answer does not fit its question's type, or null. Choices are checked against the options. */
function typeError(q: AnswerRule, value: unknown): FieldError | string | null {
  const text = typeof value === 'string' ? value : null;
  switch (q.type) {
    case 'SINGLE_LINE_TEXT':
      return text !== null && text.length <= MAX_LINE && !/[\r\n]/.test(text)
        ? null
        : { key: m['checkout.answer_text_invalid'], params: { max: MAX_LINE } };
    case 'MULTI_LINE_TEXT':
    case 'ADDRESS':
      return text !== null && text.length <= MAX_TEXT
        ? null
        : { key: m['checkout.answer_text_invalid'], params: { max: MAX_TEXT } };
    case 'DATE':
      return text !== null && isDate(text) ? null : m['checkout.answer_date_invalid'];
    case 'PHONE':
      return text !== null && isPhone(text.trim()) ? null : m['checkout.answer_phone_invalid'];
    case 'RADIO':
    case 'DROPDOWN':
      return text !== null && q.options.includes(text) ? null : m['checkout.answer_invalid'];
    case 'CHECKBOX':
      // Without options a checkbox is one yes/no box; with options, like a multiple choice.
      if (q.options.length === 0) return value === true ? null : m['checkout.answer_checkbox_invalid'];
      return isChoiceList(q, value) ? null : m['checkout.answer_invalid'];
    case 'MULTI_SELECT':
      return isChoiceList(q, value) ? null : m['checkout.answer_invalid'];
    default:
      return null;
  }
}

const isChoiceList = (q: AnswerRule, value: unknown) =>
  Array.isArray(value) &&
  new Set(value).size === value.length &&
  value.every((v) => typeof v === 'string' && q.options.includes(v));

/** What an answer is checked against. */
export interface AnswerRule {
  id: string;
  type: string;
  options: string[];
  required: boolean;
}

function isBlank(v: unknown) {
  return (
    v === undefined ||
    v === null ||
    v === false ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );
}

/**
 * Required questions answered, each answer of its question's type (text within its length, a real date, a
 * phone number, choices among the options), no unknown questions: the rule of checkout's details step, the
 * organizer's corrections and the holder's own. Problems go into `fields` under `{prefix}.{question id}`.
 */
export function checkAnswers(
  questionsAsked: AnswerRule[],
  answers: Record<string, unknown>,
  prefix: string,
  fields: Record<string, FieldError | string>,
) {
  for (const id of Object.keys(answers)) {
    if (!questionsAsked.some((q) => q.id === id)) {
      fields[`${prefix}.${id}`] = m['checkout.unknown_question'];
    }
  }
  for (const q of questionsAsked) {
    const value = answers[q.id];
    if (isBlank(value)) {
      if (q.required) fields[`${prefix}.${q.id}`] = m['checkout.answer_required'];
      continue;
    }
    const error = typeError(q, value);
    if (error) fields[`${prefix}.${q.id}`] = error;
  }
}

/** A question as an order's or attendee's detail sends it: to show its answer, and to ask it again. */
export function answeredQuestion(q: AnsweredQuestion): AnsweredQuestion {
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    belongs_to: q.belongs_to,
    type: q.type,
    options: q.options,
    required: q.required,
  };
}
