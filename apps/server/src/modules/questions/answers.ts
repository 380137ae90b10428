import type { AnsweredQuestion } from '@taquilla/shared/schemas/orders';
import type { FieldError } from '../../lib/errors.ts';
import { defineMessages } from '../../lib/i18n.ts';

const m = defineMessages({
  'checkout.answer_required': 'Esta pregunta es obligatoria.',
  'checkout.answer_invalid': 'Elige una de las opciones.',
  'checkout.unknown_question': 'Pregunta desconocida.',
});

/** What an answer is checked against. */
export interface AnswerRule {
  id: string;
  type: string;
  options: string[];
  required: boolean;
}

function isBlank(v: unknown) {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/**
 * Required questions answered, choices among the options, no unknown questions: the rule of checkout's
 * details step and of the organizer's order edit. Problems go into `fields` under `{prefix}.{question id}`.
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
    if (['RADIO', 'DROPDOWN'].includes(q.type) && !(typeof value === 'string' && q.options.includes(value))) {
      fields[`${prefix}.${q.id}`] = m['checkout.answer_invalid'];
    }
    if (q.type === 'MULTI_SELECT' && !(Array.isArray(value) && value.every((v) => q.options.includes(v)))) {
      fields[`${prefix}.${q.id}`] = m['checkout.answer_invalid'];
    }
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
