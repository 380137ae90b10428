-- One rule for stock (DESIGN §5): what the display shows and what the locked reservation sells are read
-- from the same functions below. Which orders hold units is `order_holds_until` (0002, copied onto
-- order_items.holds_until by its triggers); every other rule — tier, ticket and capacity arithmetic, sale
-- windows, promo code validity — is written once here. Callers: apps/server/src/modules/tickets/availability.ts
-- (display) and `checkout_check`/`checkout_reserve` below (the locked path).
--
-- stock_held: units held now over `p_ticket_ids` and every ticket sharing a capacity assignment with
-- them, as { price id: units, ticket id: units }; one range scan of order_items_held_idx.
CREATE OR REPLACE FUNCTION stock_held(p_ticket_ids uuid[]) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_related uuid[] := p_ticket_ids || ARRAY(
    SELECT peer.ticket_id
    FROM capacity_assignment_tickets mine
    JOIN capacity_assignment_tickets peer ON peer.capacity_assignment_id = mine.capacity_assignment_id
    WHERE mine.ticket_id = ANY (p_ticket_ids));
  v_held jsonb;
BEGIN
  WITH held AS (
    SELECT oi.price_id, oi.ticket_id, sum(oi.quantity)::int AS units
    FROM order_items oi
    WHERE oi.ticket_id = ANY (v_related) AND oi.holds_until > now()
    GROUP BY oi.price_id, oi.ticket_id
  )
  SELECT coalesce(jsonb_object_agg(k, units), '{}') INTO v_held FROM (
    SELECT price_id::text AS k, sum(units)::int AS units FROM held GROUP BY price_id
    UNION ALL
    SELECT ticket_id::text, sum(units)::int FROM held GROUP BY ticket_id) x;
  RETURN v_held;
END
$$;
--> statement-breakpoint
-- stock_levels: the stock of an event's live tickets (all of them, or `p_ticket_ids`), one row per
--   PRICE    a tier: quantity, held, remaining = least(tier quantity − held, the room of every ACTIVE
--            capacity assignment of its ticket) (NULL = unlimited), state = the ticket's sale window,
--            then the tier's, then SOLD_OUT when nothing remains, else ON_SALE;
--   TICKET   held, remaining = least(sum of its tiers' quantity left, capacity room), remaining_visible =
--            the same over the tiers buyers see, state = ON_SALE if a (visible) tier is, else
--            NOT_STARTED, else SOLD_OUT, else ENDED;
--   CAPACITY every assignment touching those tickets (any status; only ACTIVE ones limit): quantity =
--            capacity, held = units held over its tickets, remaining = capacity − held (≥ 0), state = status.
-- `p_held` (the stock_held shape) replaces the count: the locked path counts once per call and adds the
-- orders it writes. Without `p_ticket_rows` the TICKET rows (display only) are left out.
CREATE OR REPLACE FUNCTION stock_levels(p_event_id uuid, p_ticket_ids uuid[] DEFAULT NULL, p_held jsonb DEFAULT NULL,
  p_ticket_rows boolean DEFAULT true)
RETURNS TABLE (scope text, id uuid, ticket_id uuid, quantity int, held int, remaining int, remaining_visible int, state text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY WITH tk AS (
    SELECT t.* FROM tickets t
    WHERE t.event_id = p_event_id AND t.deleted_at IS NULL AND (p_ticket_ids IS NULL OR t.id = ANY (p_ticket_ids))
  ),
  h AS (
    SELECT coalesce(p_held, stock_held(ARRAY(SELECT tk.id FROM tk))) AS j
  ),
  cap AS (
    SELECT ca.id, ca.capacity, ca.status, array_agg(cat.ticket_id) AS ticket_ids
    FROM capacity_assignments ca
    JOIN capacity_assignment_tickets cat ON cat.capacity_assignment_id = ca.id
    WHERE ca.event_id = p_event_id
      AND ca.id IN (SELECT c.capacity_assignment_id FROM capacity_assignment_tickets c WHERE c.ticket_id IN (SELECT tk.id FROM tk))
    GROUP BY ca.id
  ),
  cap_used AS (
    SELECT cap.*, (SELECT coalesce(sum((h.j->>x::text)::int), 0) FROM h, unnest(cap.ticket_ids) x)::int AS used
    FROM cap
  ),
  room AS (
    SELECT tk.id AS ticket_id, min(greatest(0, c.capacity - c.used)) FILTER (WHERE c.id IS NOT NULL) AS room
    FROM tk LEFT JOIN cap_used c ON c.status = 'ACTIVE' AND tk.id = ANY (c.ticket_ids)
    GROUP BY tk.id
  ),
  tier AS (
    SELECT tp.id, tp.ticket_id, tp.quantity, tp.is_hidden, x.held,
      CASE WHEN tp.quantity IS NOT NULL THEN greatest(0, tp.quantity - x.held) END AS tier_left,
      least(CASE WHEN tp.quantity IS NOT NULL THEN greatest(0, tp.quantity - x.held) END, r.room) AS remaining,
      CASE
        WHEN tk.sale_start_date > now() THEN 'NOT_STARTED'
        WHEN tk.sale_end_date <= now() THEN 'ENDED'
        WHEN tp.sale_start_date > now() THEN 'NOT_STARTED'
        WHEN tp.sale_end_date <= now() THEN 'ENDED'
      END AS window_state,
      r.room
    FROM tk
    JOIN ticket_prices tp ON tp.ticket_id = tk.id AND tp.deleted_at IS NULL
    JOIN room r ON r.ticket_id = tk.id
    CROSS JOIN h
    CROSS JOIN LATERAL (SELECT coalesce((h.j->>tp.id::text)::int, 0) AS held) x
  ),
  tier_state AS (
    SELECT tier.*, coalesce(window_state, CASE WHEN remaining = 0 THEN 'SOLD_OUT' ELSE 'ON_SALE' END) AS state
    FROM tier
  )
  SELECT 'PRICE', s.id, s.ticket_id, s.quantity, s.held, s.remaining, s.remaining, s.state FROM tier_state s
  UNION ALL
  SELECT 'TICKET', tk.id, tk.id, NULL, coalesce((h.j->>tk.id::text)::int, 0),
    least(
      (SELECT CASE WHEN bool_or(s.tier_left IS NULL) THEN NULL ELSE coalesce(sum(s.tier_left), 0) END
       FROM tier_state s WHERE s.ticket_id = tk.id), r.room)::int,
    least(
      (SELECT CASE WHEN bool_or(s.tier_left IS NULL) THEN NULL ELSE coalesce(sum(s.tier_left), 0) END
       FROM tier_state s WHERE s.ticket_id = tk.id AND NOT s.is_hidden), r.room)::int,
    (SELECT CASE
        WHEN bool_or(s.state = 'ON_SALE') THEN 'ON_SALE'
        WHEN bool_or(s.state = 'NOT_STARTED') THEN 'NOT_STARTED'
        WHEN bool_or(s.state = 'SOLD_OUT') THEN 'SOLD_OUT'
        ELSE 'ENDED' END
     FROM tier_state s
     WHERE s.ticket_id = tk.id
       AND (NOT s.is_hidden OR NOT EXISTS (SELECT 1 FROM tier_state v WHERE v.ticket_id = tk.id AND NOT v.is_hidden)))
  FROM tk CROSS JOIN h JOIN room r ON r.ticket_id = tk.id
  WHERE p_ticket_rows
  UNION ALL
  SELECT 'CAPACITY', c.id, NULL::uuid, c.capacity, c.used, greatest(0, c.capacity - c.used), greatest(0, c.capacity - c.used), c.status
  FROM cap_used c;
END
$$;
--> statement-breakpoint
-- promo_code_levels: uses (orders holding units with the code, `order_holds_until`), what is left of
-- max_uses (NULL = unlimited) and the state: EXPIRED once the expiry date passed, USED_UP at max uses,
-- else ACTIVE — the one definition of a usable code, for the back office, the public page and checkout.
CREATE OR REPLACE FUNCTION promo_code_levels(p_promo_ids uuid[])
RETURNS TABLE (id uuid, max_uses int, uses int, remaining int, state text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT pc.id, pc.max_uses, u.uses, greatest(0, pc.max_uses - u.uses),
    CASE
      WHEN pc.expiry_date IS NOT NULL AND pc.expiry_date <= now() THEN 'EXPIRED'
      WHEN pc.max_uses IS NOT NULL AND u.uses >= pc.max_uses THEN 'USED_UP'
      ELSE 'ACTIVE'
    END
  FROM promo_codes pc
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS uses FROM orders o
    WHERE o.promo_code_id = pc.id AND order_holds_until(o.status, o.reserved_until) > now()) u
  WHERE pc.id = ANY (p_promo_ids);
END
$$;
--> statement-breakpoint
-- checkout_held: the units held now over a batch's tickets (stock_held).
CREATE OR REPLACE FUNCTION checkout_held(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN stock_held(ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'lines') l));
END
$$;
--> statement-breakpoint
-- checkout_check: one order against every rule, after checkout_lock, with `p_held` the units held now
-- (checkout_held, plus the orders written before this one in the same call); the first problem, or NULL.
-- The limits are stock_levels' and promo_code_levels' answers; `organizer` (manual orders) skips the
-- buyer's rules (hidden, sale windows, min/max per order), never a stock limit.
CREATE OR REPLACE FUNCTION checkout_check(p jsonb, p_held jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_promo_id uuid := (p->>'promo_code_id')::uuid;
  v_buyer boolean := NOT coalesce((p->>'organizer')::boolean, false);
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p->'lines') l ORDER BY 1);
  v_problem text;
  v_ticket uuid;
BEGIN
  IF v_promo_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM promo_code_levels(ARRAY[v_promo_id]) l JOIN promo_codes pc ON pc.id = l.id
    WHERE pc.event_id = v_event_id AND l.state = 'ACTIVE'
  ) THEN
    RETURN jsonb_build_object('problem', 'PROMO_CODE_INVALID');
  END IF;

  WITH line AS (
    SELECT * FROM jsonb_to_recordset(p->'lines') AS x(ticket_id uuid, price_id uuid, quantity int)
  ),
  ticket_units AS (
    SELECT ticket_id, sum(quantity)::int AS units FROM line GROUP BY ticket_id
  ),
  level AS (
    SELECT * FROM stock_levels(v_event_id, v_ticket_ids, p_held, false)
  ),
  problem AS (
    SELECT 1 AS rank, u.ticket_id,
      CASE
        WHEN t.id IS NULL OR (v_buyer AND t.is_hidden) THEN 'TICKET_UNAVAILABLE'
        WHEN v_buyer AND u.units < t.min_per_order THEN 'MIN_PER_ORDER'
        WHEN v_buyer AND u.units > t.max_per_order THEN 'MAX_PER_ORDER'
      END AS code
    FROM ticket_units u
    LEFT JOIN tickets t ON t.id = u.ticket_id AND t.event_id = v_event_id AND t.deleted_at IS NULL
    UNION ALL
    SELECT 2, l.ticket_id,
      CASE
        WHEN lv.id IS NULL OR (v_buyer AND tp.is_hidden) THEN 'TICKET_UNAVAILABLE'
        WHEN v_buyer AND lv.state = 'NOT_STARTED' THEN 'SALE_NOT_STARTED'
        WHEN v_buyer AND lv.state = 'ENDED' THEN 'SALE_ENDED'
        WHEN l.quantity > lv.remaining THEN 'SOLD_OUT'
      END
    FROM line l
    LEFT JOIN level lv ON lv.scope = 'PRICE' AND lv.id = l.price_id AND lv.ticket_id = l.ticket_id
    LEFT JOIN ticket_prices tp ON tp.id = lv.id
    UNION ALL
    SELECT 3, (SELECT min(u.ticket_id::text)::uuid FROM ticket_units u
               JOIN capacity_assignment_tickets cat ON cat.ticket_id = u.ticket_id AND cat.capacity_assignment_id = c.id),
      'SOLD_OUT'
    FROM level c
    WHERE c.scope = 'CAPACITY' AND c.state = 'ACTIVE'
      AND (SELECT sum(u.units) FROM ticket_units u
           JOIN capacity_assignment_tickets cat ON cat.ticket_id = u.ticket_id AND cat.capacity_assignment_id = c.id)
        > c.remaining
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
-- checkout_insert: one new order, then its lines (a statement of their own: their holds_until trigger
-- reads the order). `status` RESERVED holds the units for `hold_minutes`; COMPLETED or
-- AWAITING_OFFLINE_PAYMENT (manual orders) hold them for good. Answers the ids and times written.
CREATE OR REPLACE FUNCTION checkout_insert(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_status text := coalesce(p->>'status', 'RESERVED');
  v_result jsonb;
BEGIN
  INSERT INTO orders (short_id, account_id, event_id, status, reserved_until, locale, currency, subtotal_cents,
    discount_cents, taxes_cents, fees_cents, total_cents, promo_code_id, promo_code, affiliate_id, is_manual)
  VALUES (p->>'short_id', (p->>'account_id')::uuid, v_event_id, v_status,
    CASE WHEN v_status = 'RESERVED' THEN now() + make_interval(mins => (p->>'hold_minutes')::int) ELSE now() END,
    p->>'locale', p->>'currency',
    (p->>'subtotal_cents')::int, (p->>'discount_cents')::int, (p->>'taxes_cents')::int,
    (p->>'fees_cents')::int, (p->>'total_cents')::int, (p->>'promo_code_id')::uuid, p->>'promo_code',
    (p->>'affiliate_id')::uuid, coalesce((p->>'is_manual')::boolean, false))
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
-- checkout_expand: a hold of an existing order ({ order_id, status, hold_minutes }: a late payment
-- reviving an expired reservation) gets its event, promo code and lines from the stored order, so it is
-- locked and checked exactly like a new one; `holds_now` says its units already count (nothing to check).
CREATE OR REPLACE FUNCTION checkout_expand(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_orders) o WHERE o ? 'order_id') THEN
    RETURN p_orders;
  END IF;
  RETURN (SELECT coalesce(jsonb_agg(
    CASE WHEN o ? 'order_id' THEN o || (
      SELECT jsonb_build_object('event_id', x.event_id, 'promo_code_id', x.promo_code_id,
        'holds_now', order_holds_until(x.status, x.reserved_until) > now(),
        'lines', (SELECT coalesce(jsonb_agg(jsonb_build_object('ticket_id', oi.ticket_id, 'price_id', oi.price_id,
          'quantity', oi.quantity)), '[]') FROM order_items oi WHERE oi.order_id = x.id))
      FROM orders x WHERE x.id = (o->>'order_id')::uuid)
    ELSE o END ORDER BY n), '[]')
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n));
END
$$;
--> statement-breakpoint
-- checkout_revive: the existing order takes `status` (RESERVED for `hold_minutes`, or a holding status).
CREATE OR REPLACE FUNCTION checkout_revive(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_status text := p->>'status';
  v_result jsonb;
BEGIN
  UPDATE orders SET status = v_status,
    reserved_until = CASE WHEN v_status = 'RESERVED' THEN now() + make_interval(mins => (p->>'hold_minutes')::int)
      ELSE reserved_until END,
    updated_at = now()
  WHERE id = (p->>'order_id')::uuid
  RETURNING jsonb_build_object('order_id', id, 'reserved_until', reserved_until, 'created_at', created_at,
    'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', oi.id, 'price_id', oi.price_id)), '[]')
              FROM order_items oi WHERE oi.order_id = orders.id))
  INTO v_result;
  IF v_result IS NULL THEN
    RETURN jsonb_build_object('problem', 'TICKET_UNAVAILABLE', 'ticket_id', NULL);
  END IF;
  RETURN v_result;
END
$$;
--> statement-breakpoint
-- checkout_reserve: { orders: [...], unsafe_no_locks } → one answer per order, in order: the written order
-- or its problem. An order is new ({ short_id, ..., lines, status, hold_minutes }) or an existing one to
-- hold again ({ order_id, status, hold_minutes }). Each is checked counting the ones written before it,
-- in a block of its own so an unexpected error fails that order alone ({ error }; its units are then not
-- added). With `unsafe_no_locks` (the test builds' race control, CHECKOUT_UNSAFE_NO_LOCKS) it writes at
-- once, as a naive checkout that counted first would.
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
        v_answer := checkout_check(v_order, v_held);
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
--> statement-breakpoint
-- checkout_context (first in 0003): with `with_usage`, `remaining` is { price id: units left } from
-- stock_levels, for an early sold-out refusal without locks.
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
    'remaining', CASE WHEN (p->>'with_usage')::boolean THEN (
      SELECT coalesce(jsonb_object_agg(s.id, s.remaining), '{}')
      FROM stock_levels(v_event_id, v_ticket_ids, NULL, false) s WHERE s.scope = 'PRICE') END);
END
$$;
