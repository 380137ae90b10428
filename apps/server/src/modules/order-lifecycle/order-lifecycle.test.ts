import type { OrderStatus } from '@taquilla/shared';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../lib/auth.ts';
import {
  attendeeActions,
  canCancel,
  cancelRefusal,
  canEdit,
  canMarkPaid,
  canRefund,
  canResend,
  isSold,
  type OrderState,
  orderActions,
  reactivateAttendeeRefusal,
  refundRefusal,
} from './order-lifecycle.ts';

const order = (status: OrderStatus, more: Partial<OrderState> = {}): OrderState => ({
  status,
  payment_status: status === 'COMPLETED' ? 'PAYMENT_RECEIVED' : 'AWAITING_PAYMENT',
  is_manual: false,
  email: 'ana@example.com',
  ...more,
});
const paid = { refundableCents: 3000, pendingRefund: false };
const admin = { userId: 'u', accountId: 'a', role: 'ADMIN', isOwner: true, sessionId: 's' } as AuthContext;

describe('order lifecycle', () => {
  it('a sale is a completed order or one awaiting an offline payment', () => {
    expect(
      ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT', 'CANCELLED', 'RESERVED', 'ABANDONED'].map((s) =>
        isSold({ status: s as OrderStatus }),
      ),
    ).toEqual([true, true, false, false, false]);
  });

  it('refunds need money taken through a provider, none pending, something left', () => {
    expect(canRefund(order('COMPLETED'), paid)).toBe(true);
    expect(canRefund(order('COMPLETED'), { ...paid, refundableCents: 0 })).toBe(false);
    expect(refundRefusal(order('COMPLETED', { is_manual: true }), paid)).toBe('orders.refund_manual_order');
    expect(refundRefusal(order('COMPLETED'), { pendingRefund: true })).toBe('orders.refund_pending');
    expect(refundRefusal(order('AWAITING_OFFLINE_PAYMENT'), paid)).toBe('orders.refund_not_paid');
  });

  it('cancel, edit, resend and mark paid follow the status', () => {
    expect(cancelRefusal(order('CANCELLED'))).toBe('orders.already_cancelled');
    expect(cancelRefusal(order('RESERVED'))).toBe('orders.not_cancellable');
    expect(canCancel(order('AWAITING_OFFLINE_PAYMENT'))).toBe(true);
    expect([canEdit(order('CANCELLED')), canEdit(order('RESERVED')), canEdit(order('ABANDONED'))]).toEqual([
      true,
      false,
      false,
    ]);
    expect(canResend(order('COMPLETED'))).toBe(true);
    expect(canResend(order('COMPLETED', { email: null }))).toBe(false);
    expect(canResend(order('AWAITING_OFFLINE_PAYMENT'))).toBe(false);
    expect([canMarkPaid(order('AWAITING_OFFLINE_PAYMENT')), canMarkPaid(order('COMPLETED'))]).toEqual([
      true,
      false,
    ]);
  });

  it('an attendee is reactivated only when cancelled and while the order is a sale', () => {
    expect(reactivateAttendeeRefusal({ status: 'ACTIVE' })).toBe('orders.attendee_not_cancelled');
    expect(reactivateAttendeeRefusal({ status: 'CANCELLED' }, { status: 'CANCELLED' })).toBe(
      'orders.attendee_order_not_active',
    );
    expect(reactivateAttendeeRefusal({ status: 'CANCELLED' }, { status: 'COMPLETED' })).toBeNull();
  });

  it('actions are the predicates for a caller who may manage events', () => {
    expect(orderActions(admin, order('COMPLETED'), paid)).toEqual({
      refund: true,
      cancel: true,
      edit: true,
      resend: true,
      mark_paid: false,
      notes: true,
    });
    expect(attendeeActions(admin, { status: 'CANCELLED' }, { status: 'COMPLETED' })).toEqual({
      cancel: false,
      reactivate: true,
      resend: false,
      edit: true,
    });
  });
});
