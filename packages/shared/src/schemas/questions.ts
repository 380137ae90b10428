/** Checkout questions: asked once per order or per attendee of chosen tickets. */
import { z } from 'zod';
import { QUESTION_BELONGS_TO, QUESTION_TYPES, type QuestionType } from '../enums.ts';

/** Types whose answers are chosen from `options` (at least one option required, spec §5). */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = [
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'MULTI_SELECT',
];

/** The built-in questions every order asks; shown in the list, never editable (spec §5). */
export const DEFAULT_QUESTION_KEYS = ['first_name', 'last_name', 'email'] as const;

export const questionInput = z
  .strictObject({
    title: z.string().trim().min(1, { error: 'questions.title_required' }).max(255),
    description: z.string().trim().max(2000).nullable().optional(),
    type: z.enum(QUESTION_TYPES),
    belongs_to: z.enum(QUESTION_BELONGS_TO),
    ticket_ids: z.array(z.uuid()).max(500).optional(),
    options: z.array(z.string().trim().min(1).max(255)).max(100).optional(),
    required: z.boolean().optional(),
    is_hidden: z.boolean().optional(),
    show_at_door: z.boolean().optional(),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_QUESTION_TYPES.includes(q.type) && !(q.options?.length ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'questions.options_required' });
    }
    const seen = new Set<string>();
    for (const [i, o] of (q.options ?? []).entries()) {
      if (seen.has(o.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['options', i], message: 'questions.option_duplicate' });
      }
      seen.add(o.toLowerCase());
    }
  });
export type QuestionInput = z.infer<typeof questionInput>;

export const questionSortInput = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500) });

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const questionSchema = z
  .object({
    /** A uuid, or `default:first_name` etc. for the built-in questions. */
    id: z.string(),
    event_id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(QUESTION_TYPES),
    belongs_to: z.enum(['ORDER', 'ATTENDEE']),
    ticket_ids: z.array(z.string()),
    options: z.array(z.string()),
    required: z.boolean(),
    is_hidden: z.boolean(),
    show_at_door: z.boolean(),
    is_default: z.boolean(),
    sort_order: z.number(),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof questionSchema>;
