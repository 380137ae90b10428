-- "Units held now" without a join: order_items.holds_until (added by 0002) follows its order's status
-- and reserved_until, kept by the triggers below so that no code path can forget it. A line holds its
-- units while holds_until > now(): forever once COMPLETED or AWAITING_OFFLINE_PAYMENT, until
-- reserved_until while RESERVED (expiry needs no sweep), never once CANCELLED or ABANDONED. This is the
-- same rule as `orderHoldsUnits` in apps/server/src/modules/tickets/availability.ts.
CREATE OR REPLACE FUNCTION order_holds_until(status text, reserved_until timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status IN ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT') THEN 'infinity'::timestamptz
    WHEN status = 'RESERVED' THEN reserved_until
    ELSE '-infinity'::timestamptz
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_items_set_holds_until() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT order_holds_until(o.status, o.reserved_until) INTO NEW.holds_until FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_holds_until BEFORE INSERT OR UPDATE OF order_id, holds_until ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_set_holds_until();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_propagate_holds_until() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET holds_until = order_holds_until(NEW.status, NEW.reserved_until) WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_holds_until AFTER UPDATE OF status, reserved_until ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reserved_until IS DISTINCT FROM NEW.reserved_until)
  EXECUTE FUNCTION orders_propagate_holds_until();
--> statement-breakpoint
UPDATE order_items oi SET holds_until = order_holds_until(o.status, o.reserved_until) FROM orders o WHERE o.id = oi.order_id;
--> statement-breakpoint
-- What a reservation reads before taking any lock, in one call with a cached plan: the event, the order's
-- tickets with their live tiers and active taxes/fees, the promo code and affiliate when given and, with
-- `with_usage`, the units held now over those tickets and the event's active capacity assignments. Called
-- by `loadReservationContext` (apps/server/src/modules/checkout/reservation-context.ts) with { event_id,
-- ticket_ids, promo_code, affiliate_code, with_usage } (codes already trimmed and lower-cased).
CREATE OR REPLACE FUNCTION checkout_context(p jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_ticket_ids uuid[] := ARRAY(SELECT (jsonb_array_elements_text(p->'ticket_ids'))::uuid);
BEGIN
  RETURN jsonb_build_object(
    'event', (
      SELECT jsonb_build_object('id', e.id, 'account_id', e.account_id, 'status', e.status, 'currency', e.currency,
        'order_timeout_minutes', e.order_timeout_minutes, 'settings', e.settings)
      FROM events e WHERE e.id = v_event_id AND e.deleted_at IS NULL),
    'tickets', (
      SELECT coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object(
        'prices', (
          SELECT coalesce(jsonb_agg(to_jsonb(tp) ORDER BY tp.sort_order, tp.id), '[]')
          FROM ticket_prices tp WHERE tp.ticket_id = t.id AND tp.deleted_at IS NULL),
        'taxes', (
          SELECT coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type,
            'calculation', x.calculation, 'value', x.value) ORDER BY x.type, x.name), '[]')
          FROM ticket_taxes tt JOIN taxes_and_fees x ON x.id = tt.tax_id
          WHERE tt.ticket_id = t.id AND x.is_active AND x.deleted_at IS NULL))), '[]')
      FROM tickets t WHERE t.event_id = v_event_id AND t.id = ANY (v_ticket_ids) AND t.deleted_at IS NULL),
    'promo', (
      SELECT to_jsonb(pc) FROM promo_codes pc
      WHERE pc.event_id = v_event_id AND pc.code_normalized = p->>'promo_code'),
    'affiliate_id', (
      SELECT a.id FROM affiliates a
      WHERE a.event_id = v_event_id AND lower(a.code) = p->>'affiliate_code' AND a.status = 'ACTIVE' LIMIT 1),
    'usage', CASE WHEN (p->>'with_usage')::boolean THEN jsonb_build_object(
      'held', (
        SELECT coalesce(jsonb_agg(h), '[]') FROM (
          SELECT oi.price_id, oi.ticket_id, sum(oi.quantity)::int AS units
          FROM order_items oi
          WHERE oi.ticket_id = ANY (v_ticket_ids) AND oi.holds_until > now()
          GROUP BY oi.price_id, oi.ticket_id) h),
      'capacities', (
        SELECT coalesce(jsonb_agg(c), '[]') FROM (
          SELECT ca.id, ca.name, ca.capacity, jsonb_agg(cat.ticket_id) AS ticket_ids
          FROM capacity_assignments ca
          JOIN capacity_assignment_tickets cat ON cat.capacity_assignment_id = ca.id
          WHERE ca.event_id = v_event_id AND ca.status = 'ACTIVE'
          GROUP BY ca.id) c)) END);
END
$$;
--> statement-breakpoint
-- The locked part of reservations (DESIGN §5): `checkout_reserve` below, called by
-- apps/server/src/modules/checkout/reserve-units.ts (`reserveUnits`, which documents the argument and answer)
-- with a batch of orders for the same tickets, so the locks are taken once, no application code runs
-- while they are held, and one commit serves the whole batch. VOLATILE on purpose: under READ COMMITTED
-- each statement takes a fresh snapshot, so the counts made after the locks see every order committed
-- before the locks were granted (and the orders written earlier in the same call).
--
-- checkout_lock: the row locks for a batch, always tickets → active capacity assignments of those tickets
-- → promo codes, each set ordered by id, so concurrent reservations queue instead of deadlocking.
CREATE OR REPLACE FUNCTION checkout_lock(p_orders jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid
    FROM jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'lines') l ORDER BY 1);
  v_promo_ids uuid[] := ARRAY(
    SELECT DISTINCT (o->>'promo_code_id')::uuid FROM jsonb_array_elements(p_orders) o
    WHERE o->>'promo_code_id' IS NOT NULL ORDER BY 1);
BEGIN
  PERFORM 1 FROM tickets WHERE id = ANY (v_ticket_ids) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM capacity_assignments ca
    WHERE ca.status = 'ACTIVE' AND ca.id IN (
      SELECT cat.capacity_assignment_id FROM capacity_assignment_tickets cat WHERE cat.ticket_id = ANY (v_ticket_ids))
    ORDER BY ca.id FOR UPDATE;
  PERFORM 1 FROM promo_codes WHERE id = ANY (v_promo_ids) ORDER BY id FOR UPDATE;
END
$$;
--> statement-breakpoint
-- checkout_held: the units held now ({ price or ticket id: units }) over the batch's tickets and the
-- tickets that share an active capacity assignment with them, in one range scan of order_items_held_idx.
CREATE OR REPLACE FUNCTION checkout_held(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'lines') l);
  v_related uuid[];
  v_held jsonb;
BEGIN
  v_related := v_ticket_ids || ARRAY(
    SELECT peer.ticket_id
    FROM capacity_assignment_tickets mine
    JOIN capacity_assignments ca ON ca.id = mine.capacity_assignment_id AND ca.status = 'ACTIVE'
    JOIN capacity_assignment_tickets peer ON peer.capacity_assignment_id = ca.id
    WHERE mine.ticket_id = ANY (v_ticket_ids));
  WITH held AS (
    SELECT oi.price_id, oi.ticket_id, sum(oi.quantity)::int AS units
    FROM order_items oi
    WHERE oi.ticket_id = ANY (v_related) AND oi.holds_until > now()
    GROUP BY oi.price_id, oi.ticket_id
  )
  SELECT coalesce(jsonb_object_agg(k, units), '{}') INTO v_held FROM (
    SELECT price_id::text AS k, sum(units) AS units FROM held GROUP BY price_id
    UNION ALL
    SELECT ticket_id::text, sum(units) FROM held GROUP BY ticket_id) x;
  RETURN v_held;
END
$$;
--> statement-breakpoint
-- checkout_add_held: `p_held` plus the units of one order's lines.
CREATE OR REPLACE FUNCTION checkout_add_held(p_held jsonb, p_lines jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_held || coalesce(jsonb_object_agg(k, coalesce((p_held->>k)::int, 0) + units), '{}')
  FROM (
    SELECT price_id AS k, sum(quantity) AS units
    FROM jsonb_to_recordset(p_lines) AS x(price_id text, quantity int) GROUP BY price_id
    UNION ALL
    SELECT ticket_id, sum(quantity)
    FROM jsonb_to_recordset(p_lines) AS x(ticket_id text, quantity int) GROUP BY ticket_id) y
$$;
--> statement-breakpoint
-- checkout_check: one order against every rule, after checkout_lock, with `p_held` the units held now
-- (checkout_held, plus the orders written before this one in the same call); the first problem, or NULL.
CREATE OR REPLACE FUNCTION checkout_check(p jsonb, p_held jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_promo_id uuid := (p->>'promo_code_id')::uuid;
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p->'lines') l ORDER BY 1);
  v_problem text;
  v_ticket uuid;
BEGIN
  -- The promo code: still valid and under its maximum uses.
  IF v_promo_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM promo_codes pc
    WHERE pc.id = v_promo_id AND pc.event_id = v_event_id
      AND (pc.expiry_date IS NULL OR pc.expiry_date > now())
      AND (pc.max_uses IS NULL OR pc.max_uses > (
        SELECT count(*) FROM orders o
        WHERE o.promo_code_id = pc.id
          AND (o.status IN ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT') OR (o.status = 'RESERVED' AND o.reserved_until > now()))))
  ) THEN
    RETURN jsonb_build_object('problem', 'PROMO_CODE_INVALID');
  END IF;

  -- Every rule of the lines, read from the locked rows: the ticket and tier exist and are on sale,
  -- min/max per order, each tier's quantity and each active capacity assignment.
  WITH line AS (
    SELECT * FROM jsonb_to_recordset(p->'lines') AS x(ticket_id uuid, price_id uuid, quantity int)
  ),
  ticket_units AS (
    SELECT ticket_id, sum(quantity)::int AS units FROM line GROUP BY ticket_id
  ),
  capacity AS (
    SELECT ca.id, ca.capacity, array_agg(cat.ticket_id) AS ticket_ids
    FROM capacity_assignments ca
    JOIN capacity_assignment_tickets cat ON cat.capacity_assignment_id = ca.id
    WHERE ca.status = 'ACTIVE' AND ca.id IN (
      SELECT c.capacity_assignment_id FROM capacity_assignment_tickets c WHERE c.ticket_id = ANY (v_ticket_ids))
    GROUP BY ca.id
  ),
  problem AS (
    SELECT 1 AS rank, u.ticket_id,
      CASE
        WHEN t.id IS NULL OR t.is_hidden THEN 'TICKET_UNAVAILABLE'
        WHEN t.sale_start_date > now() THEN 'SALE_NOT_STARTED'
        WHEN t.sale_end_date <= now() THEN 'SALE_ENDED'
        WHEN u.units < t.min_per_order THEN 'MIN_PER_ORDER'
        WHEN u.units > t.max_per_order THEN 'MAX_PER_ORDER'
      END AS code
    FROM ticket_units u
    LEFT JOIN tickets t ON t.id = u.ticket_id AND t.event_id = v_event_id AND t.deleted_at IS NULL
    UNION ALL
    SELECT 2, l.ticket_id,
      CASE
        WHEN tp.id IS NULL OR tp.is_hidden THEN 'TICKET_UNAVAILABLE'
        WHEN tp.sale_start_date > now() THEN 'SALE_NOT_STARTED'
        WHEN tp.sale_end_date <= now() THEN 'SALE_ENDED'
        WHEN tp.quantity IS NOT NULL
          AND l.quantity + coalesce((p_held->>l.price_id::text)::int, 0) > tp.quantity THEN 'SOLD_OUT'
      END
    FROM line l
    LEFT JOIN ticket_prices tp ON tp.id = l.price_id AND tp.ticket_id = l.ticket_id AND tp.deleted_at IS NULL
    UNION ALL
    SELECT 3, (SELECT min(u.ticket_id::text)::uuid FROM ticket_units u WHERE u.ticket_id = ANY (c.ticket_ids)),
      'SOLD_OUT'
    FROM capacity c
    WHERE (SELECT sum(u.units) FROM ticket_units u WHERE u.ticket_id = ANY (c.ticket_ids))
      + (SELECT coalesce(sum((p_held->>t::text)::int), 0) FROM unnest(c.ticket_ids) t) > c.capacity
  )
  SELECT pr.code, pr.ticket_id INTO v_problem, v_ticket
  FROM problem pr WHERE pr.code IS NOT NULL ORDER BY pr.rank LIMIT 1;
  IF v_problem IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object('problem', v_problem, 'ticket_id', v_ticket);
END
$$;
--> statement-breakpoint
-- checkout_insert: one RESERVED order, then its lines (a statement of their own: their holds_until
-- trigger reads the order); answers the ids and times written.
CREATE OR REPLACE FUNCTION checkout_insert(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_result jsonb;
BEGIN
  INSERT INTO orders (short_id, account_id, event_id, status, reserved_until, locale, currency, subtotal_cents,
    discount_cents, taxes_cents, fees_cents, total_cents, promo_code_id, promo_code, affiliate_id)
  VALUES (p->>'short_id', (p->>'account_id')::uuid, v_event_id, 'RESERVED',
    now() + make_interval(mins => (p->>'timeout_minutes')::int), p->>'locale', p->>'currency',
    (p->>'subtotal_cents')::int, (p->>'discount_cents')::int, (p->>'taxes_cents')::int,
    (p->>'fees_cents')::int, (p->>'total_cents')::int, (p->>'promo_code_id')::uuid, p->>'promo_code',
    (p->>'affiliate_id')::uuid)
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
-- checkout_reserve: { orders: [...], unsafe_no_locks } → one answer per order, in order: the written order
-- or its problem. Each order is checked counting the ones written before it, in a block of its own so an
-- unexpected error fails that order alone ({ error }; its units are then not added). With `unsafe_no_locks` (the test builds' race
-- control, CHECKOUT_UNSAFE_NO_LOCKS) it writes at once, as a naive checkout that counted first would.
CREATE OR REPLACE FUNCTION checkout_reserve(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_unsafe boolean := coalesce((p->>'unsafe_no_locks')::boolean, false);
  v_held jsonb;
  v_order jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]';
BEGIN
  IF NOT v_unsafe THEN
    PERFORM checkout_lock(p->'orders');
    -- Counted once, after the locks; each written order is added before the next is checked.
    v_held := checkout_held(p->'orders');
  END IF;
  FOR v_order IN SELECT value FROM jsonb_array_elements(p->'orders') LOOP
    BEGIN
      v_answer := CASE WHEN v_unsafe THEN NULL ELSE checkout_check(v_order, v_held) END;
      IF v_answer IS NULL THEN
        v_answer := checkout_insert(v_order);
        v_held := checkout_add_held(v_held, v_order->'lines');
      END IF;
    EXCEPTION WHEN OTHERS THEN
      v_answer := jsonb_build_object('error', SQLERRM);
    END;
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
