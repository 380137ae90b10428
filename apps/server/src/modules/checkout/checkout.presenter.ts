import type { PublicOrder } from '@taquilla/shared';
import type { CheckoutOrder } from '@taquilla/shared/schemas/checkout';
import type { AppDeps } from '../../deps.ts';
import { presentPublicOrder } from '../orders/order-presenter.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { eventPaymentProviders } from '../payments/payments.service.ts';
import { findEvent } from './checkout.repository.ts';

/** The public order plus what the next step needs: providers to choose from, offline instructions. */
export async function presentCheckoutOrder(deps: AppDeps, order: OrderRow): Promise<CheckoutOrder> {
  const [base, event] = await Promise.all([
    presentPublicOrder(deps.db, order),
    findEvent(deps.db, order.event_id),
  ]);
  const settings = event?.settings ?? {};
  const instructions = String(settings.offline_payment_instructions ?? '').trim() || null;
  return {
    ...(base as PublicOrder),
    payment_providers: order.status === 'RESERVED' ? eventPaymentProviders(deps.config, settings) : [],
    offline_payment_instructions: order.payment_provider === 'offline' ? instructions : null,
  };
}

/** A just-reserved order: its providers come from the event settings the reservation already read. */
export function presentReservedOrder(
  deps: AppDeps,
  order: PublicOrder,
  settings: Record<string, unknown>,
): CheckoutOrder {
  return {
    ...order,
    payment_providers: eventPaymentProviders(deps.config, settings),
    offline_payment_instructions: null,
  };
}
