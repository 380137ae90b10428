ALTER TABLE "orders" ADD COLUMN "held_by" text;--> statement-breakpoint
CREATE INDEX "orders_held_by_idx" ON "orders" USING btree ("event_id","held_by") WHERE "orders"."status" = 'RESERVED' AND "orders"."held_by" IS NOT NULL;

--> statement-breakpoint
-- checkout_holder_check: a buyer's new reservation ({ held_by, max_units_held, event_id, lines }) is refused
-- when the same address already holds live reservations of the event and both together pass the limit;
-- the first reservation of an address may be as large as the tickets' own limits allow.
CREATE OR REPLACE FUNCTION checkout_holder_check(p jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_held int;
  v_wanted int;
BEGIN
  IF p->>'held_by' IS NULL OR p->>'max_units_held' IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(oi.quantity), 0)::int INTO v_held
  FROM orders o JOIN order_items oi ON oi.order_id = o.id
  WHERE o.event_id = (p->>'event_id')::uuid AND o.held_by = p->>'held_by'
    AND o.status = 'RESERVED' AND o.held_by IS NOT NULL AND o.reserved_until > now();
  SELECT coalesce(sum((l->>'quantity')::int), 0)::int INTO v_wanted FROM jsonb_array_elements(p->'lines') l;
  IF v_held > 0 AND v_held + v_wanted > (p->>'max_units_held')::int THEN
    RETURN jsonb_build_object('problem', 'HOLDER_LIMIT', 'held', v_held);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- checkout_insert: as in 0005, and the reservation's holder (`held_by`).
CREATE OR REPLACE FUNCTION checkout_insert(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_status text := coalesce(p->>'status', 'RESERVED');
  v_result jsonb;
BEGIN
  INSERT INTO orders (short_id, account_id, event_id, status, reserved_until, locale, currency, subtotal_cents,
    discount_cents, taxes_cents, fees_cents, total_cents, promo_code_id, promo_code, affiliate_id, is_manual,
    held_by)
  VALUES (p->>'short_id', (p->>'account_id')::uuid, v_event_id, v_status,
    CASE WHEN v_status = 'RESERVED' THEN now() + make_interval(mins => (p->>'hold_minutes')::int) ELSE now() END,
    p->>'locale', p->>'currency',
    (p->>'subtotal_cents')::int, (p->>'discount_cents')::int, (p->>'taxes_cents')::int,
    (p->>'fees_cents')::int, (p->>'total_cents')::int, (p->>'promo_code_id')::uuid, p->>'promo_code',
    (p->>'affiliate_id')::uuid, coalesce((p->>'is_manual')::boolean, false),
    p->>'held_by')
  RETURNING jsonb_build_object('order_id', id, 'reserved_until', reserved_until, 'created_at', created_at)
  INTO v_result;

  WITH new_items AS (
    INSERT INTO order_items (order_id, event_id, ticket_id, price_id, ticket_name, price_label, quantity,
      unit_price_cents, unit_discount_cents, taxes_cents, fees_cents, total_cents, taxes_and_fees)
    SELECT (v_result->>'order_id')::uuid, v_event_id, x.ticket_id, x.price_id, x.ticket_name, x.price_label,
      x.quantity, x.unit_price_cents, x.unit_discount_cents, x.taxes_cents, x.fees_cents, x.total_cents,
      x.taxes_and_fees
    FROM jsonb_to_recordset(p->'lines') AS x(ticket_id uuid, price_id uuid, ticket_name text, price_label text,
      quantity int, unit_price_cents int, unit_discount_cents int, taxes_cents int, fees_cents int,
      total_cents int, taxes_and_fees jsonb)
    RETURNING id, price_id
  )
  SELECT v_result || jsonb_build_object('items', jsonb_agg(jsonb_build_object('id', i.id, 'price_id', i.price_id)))
  INTO v_result FROM new_items i;
  RETURN v_result;
END
$$;
--> statement-breakpoint
-- checkout_reserve: as in 0005, and a buyer's reservation also passes checkout_holder_check.
CREATE OR REPLACE FUNCTION checkout_reserve(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_unsafe boolean := coalesce((p->>'unsafe_no_locks')::boolean, false);
  v_orders jsonb := checkout_expand(p->'orders');
  v_held jsonb;
  v_order jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]';
BEGIN
  IF NOT v_unsafe THEN
    PERFORM checkout_lock(v_orders);
    -- Counted once, after the locks; each written order is added before the next is checked.
    v_held := checkout_held(v_orders);
  END IF;
  FOR v_order IN SELECT value FROM jsonb_array_elements(v_orders) LOOP
    BEGIN
      IF v_order ? 'order_id' AND v_order->>'event_id' IS NULL THEN
        v_answer := jsonb_build_object('problem', 'TICKET_UNAVAILABLE', 'ticket_id', NULL);
      ELSIF v_unsafe OR coalesce((v_order->>'holds_now')::boolean, false) THEN
        v_answer := NULL;
      ELSE
        v_answer := coalesce(checkout_check(v_order, v_held), checkout_holder_check(v_order));
      END IF;
      IF v_answer IS NULL THEN
        IF v_order ? 'order_id' THEN
          v_answer := checkout_revive(v_order);
        ELSE
          v_answer := checkout_insert(v_order);
        END IF;
        IF NOT v_unsafe AND NOT coalesce((v_order->>'holds_now')::boolean, false) THEN
          v_held := checkout_add_held(v_held, v_order->'lines');
        END IF;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      v_answer := jsonb_build_object('error', SQLERRM);
    END;
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
