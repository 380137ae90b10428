import type { OrderUpdateInput } from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, type FieldError, invalid } from '../../lib/errors.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { editRefusal } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { correctBuyerDetails, lockEventOrder, presentDetail } from '../orders/orders.service.ts';
import { checkAnswers } from '../questions/answers.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/**
 * PUT .../orders/{orderId}: the buyer's name, e-mail and the order's answers, every question type checked
 * as checkout checks it (hidden questions too: the organizer may answer them). Answers to questions
 * deleted since the sale are kept as they were (the form no longer sends them).
 */
export async function editOrder(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  orderId: string,
  input: OrderUpdateInput,
) {
  assertCan(auth, 'orders:manage');
  let askedIds = new Set<string>();
  if (input.answers) {
    const asked = (await loadEventQuestions(deps.db, eventId)).filter(
      (q) => q.belongs_to === 'ORDER' && !q.is_default,
    );
    askedIds = new Set(asked.map((q) => q.id));
    const fields: Record<string, FieldError | string> = {};
    checkAnswers(asked, input.answers, 'answers', fields);
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }
  const order = await deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, orderId);
    const refusal = editRefusal(order);
    if (refusal) throw conflict(refusal);
    const next = {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email.trim().toLowerCase(),
      answers: input.answers
        ? {
            ...Object.fromEntries(Object.entries(order.answers).filter(([id]) => !askedIds.has(id))),
            ...input.answers,
          }
        : order.answers,
    };
    const fields = (Object.keys(next) as (keyof typeof next)[]).filter(
      (k) => JSON.stringify(next[k]) !== JSON.stringify(order[k]),
    );
    if (fields.length === 0) return order;
    const updated = await correctBuyerDetails(tx, order, next);
    await logActivity(tx, order, 'EDITED', { userId: auth.userId, details: { fields } });
    await emitWebhook(
      deps.jobs,
      'order.updated',
      { accountId: auth.accountId, eventId, ids: [order.id] },
      tx,
    );
    return updated;
  });
  return presentDetail(deps, auth, order);
}
