ALTER TABLE "check_in_lists" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_date_held_idx" ON "order_items" USING btree ("event_date_id","holds_until","quantity") WHERE "order_items"."event_date_id" IS NOT NULL;--> statement-breakpoint
-- Stock per event date (#27). On an event with dates every order is for one date (orders.event_date_id,
-- copied onto its order_items): a ticket's and a tier's quantity apply per date, the date's capacity
-- limits its units across tickets, and capacity assignments count every date (they are shared). An order
-- without a date (a single-date event) counts exactly as before.
--
-- stock_held: as in 0005 ({ price id: units, ticket id: units } over every date), plus for each date of
-- `p_date_ids` { "<date>/<price>": units, "<date>/<ticket>": units, "<date>": units of the date over all
-- its tickets }.
DROP FUNCTION IF EXISTS stock_held(uuid[]);
--> statement-breakpoint
CREATE FUNCTION stock_held(p_ticket_ids uuid[], p_date_ids uuid[] DEFAULT '{}') RETURNS jsonb
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
    SELECT oi.price_id, oi.ticket_id, oi.event_date_id, sum(oi.quantity)::int AS units
    FROM order_items oi
    WHERE oi.ticket_id = ANY (v_related) AND oi.holds_until > now()
    GROUP BY oi.price_id, oi.ticket_id, oi.event_date_id
  )
  SELECT coalesce(jsonb_object_agg(k, units), '{}') INTO v_held FROM (
    SELECT price_id::text AS k, sum(units)::int AS units FROM held GROUP BY price_id
    UNION ALL
    SELECT ticket_id::text, sum(units)::int FROM held GROUP BY ticket_id
    UNION ALL
    SELECT event_date_id || '/' || price_id, sum(units)::int FROM held
    WHERE event_date_id = ANY (p_date_ids) GROUP BY event_date_id, price_id
    UNION ALL
    SELECT event_date_id || '/' || ticket_id, sum(units)::int FROM held
    WHERE event_date_id = ANY (p_date_ids) GROUP BY event_date_id, ticket_id
    UNION ALL
    SELECT oi.event_date_id::text, sum(oi.quantity)::int FROM order_items oi
    WHERE oi.event_date_id = ANY (p_date_ids) AND oi.holds_until > now() GROUP BY oi.event_date_id) x;
  RETURN v_held;
END
$$;
--> statement-breakpoint
-- stock_levels: as in 0005; with `p_event_date_id` the PRICE and TICKET rows are that date's (held per
-- date; the date's capacity room joins the capacity assignments' room), and a DATE row gives the date's
-- capacity (NULL = none), units held and remaining.
DROP FUNCTION IF EXISTS stock_levels(uuid, uuid[], jsonb, boolean);
--> statement-breakpoint
CREATE FUNCTION stock_levels(p_event_id uuid, p_ticket_ids uuid[] DEFAULT NULL, p_held jsonb DEFAULT NULL,
  p_ticket_rows boolean DEFAULT true, p_event_date_id uuid DEFAULT NULL)
RETURNS TABLE (scope text, id uuid, ticket_id uuid, quantity int, held int, remaining int, remaining_visible int, state text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  v_prefix text := CASE WHEN p_event_date_id IS NULL THEN '' ELSE p_event_date_id || '/' END;
BEGIN
  RETURN QUERY WITH tk AS (
    SELECT t.* FROM tickets t
    WHERE t.event_id = p_event_id AND t.deleted_at IS NULL AND (p_ticket_ids IS NULL OR t.id = ANY (p_ticket_ids))
  ),
  h AS (
    SELECT coalesce(p_held, stock_held(ARRAY(SELECT tk.id FROM tk), ARRAY[p_event_date_id])) AS j
  ),
  dt AS (
    SELECT d.id, d.capacity, coalesce((h.j->>d.id::text)::int, 0) AS used
    FROM event_dates d CROSS JOIN h WHERE d.id = p_event_date_id AND d.event_id = p_event_id
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
    SELECT tk.id AS ticket_id,
      least(
        min(greatest(0, c.capacity - c.used)) FILTER (WHERE c.id IS NOT NULL),
        (SELECT CASE WHEN dt.capacity IS NOT NULL THEN greatest(0, dt.capacity - dt.used) END FROM dt)) AS room
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
    CROSS JOIN LATERAL (SELECT coalesce((h.j->>(v_prefix || tp.id))::int, 0) AS held) x
  ),
  tier_state AS (
    SELECT tier.*, coalesce(window_state, CASE WHEN remaining = 0 THEN 'SOLD_OUT' ELSE 'ON_SALE' END) AS state
    FROM tier
  )
  SELECT 'PRICE', s.id, s.ticket_id, s.quantity, s.held, s.remaining, s.remaining, s.state FROM tier_state s
  UNION ALL
  SELECT 'TICKET', tk.id, tk.id, NULL, coalesce((h.j->>(v_prefix || tk.id))::int, 0),
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
  FROM cap_used c
  UNION ALL
  SELECT 'DATE', d.id, NULL::uuid, d.capacity, d.used, x.left, x.left, NULL
  FROM dt d CROSS JOIN LATERAL (SELECT CASE WHEN d.capacity IS NOT NULL THEN greatest(0, d.capacity - d.used) END AS left) x;
END
$$;
--> statement-breakpoint
-- checkout_held: as in 0005, and the units of the batch's dates.
CREATE OR REPLACE FUNCTION checkout_held(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN stock_held(
    ARRAY(SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'lines') l),
    ARRAY(SELECT DISTINCT (o->>'event_date_id')::uuid FROM jsonb_array_elements(p_orders) o
          WHERE o->>'event_date_id' IS NOT NULL));
END
$$;
--> statement-breakpoint
-- checkout_add_held: `p_held` plus the units of one order's lines, under its date's keys too.
DROP FUNCTION IF EXISTS checkout_add_held(jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION checkout_add_held(p_held jsonb, p_lines jsonb, p_date text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_held || coalesce(jsonb_object_agg(k, coalesce((p_held->>k)::int, 0) + units), '{}')
  FROM (
    SELECT price_id AS k, sum(quantity) AS units
    FROM jsonb_to_recordset(p_lines) AS x(price_id text, quantity int) GROUP BY price_id
    UNION ALL
    SELECT ticket_id, sum(quantity)
    FROM jsonb_to_recordset(p_lines) AS x(ticket_id text, quantity int) GROUP BY ticket_id
    UNION ALL
    SELECT p_date || '/' || price_id, sum(quantity)
    FROM jsonb_to_recordset(p_lines) AS x(price_id text, quantity int) WHERE p_date IS NOT NULL GROUP BY price_id
    UNION ALL
    SELECT p_date || '/' || ticket_id, sum(quantity)
    FROM jsonb_to_recordset(p_lines) AS x(ticket_id text, quantity int) WHERE p_date IS NOT NULL GROUP BY ticket_id
    UNION ALL
    SELECT p_date, sum(quantity)
    FROM jsonb_to_recordset(p_lines) AS x(quantity int) WHERE p_date IS NOT NULL) y
  WHERE units IS NOT NULL
$$;
--> statement-breakpoint
-- checkout_lock: as in 0003, with the batch's dates locked after the tickets (a date's capacity spans
-- tickets that other orders lock apart): tickets → event dates → capacity assignments → promo codes.
CREATE OR REPLACE FUNCTION checkout_lock(p_orders jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid
    FROM jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'lines') l ORDER BY 1);
  v_date_ids uuid[] := ARRAY(
    SELECT DISTINCT (o->>'event_date_id')::uuid FROM jsonb_array_elements(p_orders) o
    WHERE o->>'event_date_id' IS NOT NULL ORDER BY 1);
  v_promo_ids uuid[] := ARRAY(
    SELECT DISTINCT (o->>'promo_code_id')::uuid FROM jsonb_array_elements(p_orders) o
    WHERE o->>'promo_code_id' IS NOT NULL ORDER BY 1);
BEGIN
  PERFORM 1 FROM tickets WHERE id = ANY (v_ticket_ids) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM event_dates WHERE id = ANY (v_date_ids) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM capacity_assignments ca
    WHERE ca.status = 'ACTIVE' AND ca.id IN (
      SELECT cat.capacity_assignment_id FROM capacity_assignment_tickets cat WHERE cat.ticket_id = ANY (v_ticket_ids))
    ORDER BY ca.id FOR UPDATE;
  PERFORM 1 FROM promo_codes WHERE id = ANY (v_promo_ids) ORDER BY id FOR UPDATE;
END
$$;
--> statement-breakpoint
-- checkout_check: as in 0005, per date: the order's date (locked) must be the event's, on sale and not
-- started (DATE_UNAVAILABLE; a manual order only needs it to be the event's), and the date's capacity
-- is one more limit (SOLD_OUT).
CREATE OR REPLACE FUNCTION checkout_check(p jsonb, p_held jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_date_id uuid := (p->>'event_date_id')::uuid;
  v_promo_id uuid := (p->>'promo_code_id')::uuid;
  v_buyer boolean := NOT coalesce((p->>'organizer')::boolean, false);
  v_ticket_ids uuid[] := ARRAY(
    SELECT DISTINCT (l->>'ticket_id')::uuid FROM jsonb_array_elements(p->'lines') l ORDER BY 1);
  v_problem text;
  v_ticket uuid;
BEGIN
  IF v_date_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM event_dates d
    WHERE d.id = v_date_id AND d.event_id = v_event_id
      AND (NOT v_buyer OR (d.status = 'ON_SALE' AND d.starts_at > now()))
  ) THEN
    RETURN jsonb_build_object('problem', 'DATE_UNAVAILABLE', 'ticket_id', NULL);
  END IF;

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
    SELECT * FROM stock_levels(v_event_id, v_ticket_ids, p_held, false, v_date_id)
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
    UNION ALL
    SELECT 4, (SELECT min(u.ticket_id::text)::uuid FROM ticket_units u), 'SOLD_OUT'
    FROM level d
    WHERE d.scope = 'DATE' AND d.quantity IS NOT NULL
      AND (SELECT sum(u.units) FROM ticket_units u) > d.remaining
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
-- checkout_insert: as in 0022, and the order's date on the order and its lines.
CREATE OR REPLACE FUNCTION checkout_insert(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_date_id uuid := (p->>'event_date_id')::uuid;
  v_status text := coalesce(p->>'status', 'RESERVED');
  v_result jsonb;
BEGIN
  INSERT INTO orders (short_id, account_id, event_id, status, reserved_until, locale, currency, subtotal_cents,
    discount_cents, taxes_cents, fees_cents, total_cents, promo_code_id, promo_code, affiliate_id, is_manual,
    held_by, event_date_id)
  VALUES (p->>'short_id', (p->>'account_id')::uuid, v_event_id, v_status,
    CASE WHEN v_status = 'RESERVED' THEN now() + make_interval(mins => (p->>'hold_minutes')::int) ELSE now() END,
    p->>'locale', p->>'currency',
    (p->>'subtotal_cents')::int, (p->>'discount_cents')::int, (p->>'taxes_cents')::int,
    (p->>'fees_cents')::int, (p->>'total_cents')::int, (p->>'promo_code_id')::uuid, p->>'promo_code',
    (p->>'affiliate_id')::uuid, coalesce((p->>'is_manual')::boolean, false),
    p->>'held_by', v_date_id)
  RETURNING jsonb_build_object('order_id', id, 'reserved_until', reserved_until, 'created_at', created_at)
  INTO v_result;

  WITH new_items AS (
    INSERT INTO order_items (order_id, event_id, ticket_id, price_id, ticket_name, price_label, quantity,
      unit_price_cents, unit_discount_cents, taxes_cents, fees_cents, total_cents, taxes_and_fees, event_date_id)
    SELECT (v_result->>'order_id')::uuid, v_event_id, x.ticket_id, x.price_id, x.ticket_name, x.price_label,
      x.quantity, x.unit_price_cents, x.unit_discount_cents, x.taxes_cents, x.fees_cents, x.total_cents,
      x.taxes_and_fees, v_date_id
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
-- checkout_expand: as in 0005, and the stored order's date.
CREATE OR REPLACE FUNCTION checkout_expand(p_orders jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_orders) o WHERE o ? 'order_id') THEN
    RETURN p_orders;
  END IF;
  RETURN (SELECT coalesce(jsonb_agg(
    CASE WHEN o ? 'order_id' THEN o || (
      SELECT jsonb_build_object('event_id', x.event_id, 'promo_code_id', x.promo_code_id,
        'event_date_id', x.event_date_id,
        'holds_now', order_holds_until(x.status, x.reserved_until) > now(),
        'lines', (SELECT coalesce(jsonb_agg(jsonb_build_object('ticket_id', oi.ticket_id, 'price_id', oi.price_id,
          'quantity', oi.quantity)), '[]') FROM order_items oi WHERE oi.order_id = x.id))
      FROM orders x WHERE x.id = (o->>'order_id')::uuid)
    ELSE o END ORDER BY n), '[]')
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n));
END
$$;
--> statement-breakpoint
-- checkout_reserve: as in 0022, adding each written order's units under its date.
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
          v_held := checkout_add_held(v_held, v_order->'lines', v_order->>'event_date_id');
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
-- checkout_context: as in 0005, and the date: `event_date_id` asked for, or else the event's only date on
-- sale; `has_dates`, and `date` ({ id, status, starts_at, ends_at, location }, null when not the event's).
-- `remaining` is that date's.
CREATE OR REPLACE FUNCTION checkout_context(p jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_event_id uuid := (p->>'event_id')::uuid;
  v_ticket_ids uuid[] := ARRAY(SELECT (jsonb_array_elements_text(p->'ticket_ids'))::uuid);
  v_has_dates boolean := EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = v_event_id);
  v_date_id uuid := (p->>'event_date_id')::uuid;
  v_date jsonb;
BEGIN
  IF v_date_id IS NULL AND v_has_dates THEN
    SELECT CASE WHEN count(*) = 1 THEN min(d.id::text)::uuid END INTO v_date_id
    FROM event_dates d WHERE d.event_id = v_event_id AND d.status = 'ON_SALE' AND d.starts_at > now();
  END IF;
  SELECT jsonb_build_object('id', d.id, 'status', d.status, 'starts_at', d.starts_at, 'ends_at', d.ends_at,
    'location', d.location) INTO v_date
  FROM event_dates d WHERE d.id = v_date_id AND d.event_id = v_event_id;
  RETURN jsonb_build_object(
    'event', (
      SELECT jsonb_build_object('id', e.id, 'account_id', e.account_id, 'status', e.status, 'currency', e.currency,
        'order_timeout_minutes', e.order_timeout_minutes, 'settings', e.settings)
      FROM events e WHERE e.id = v_event_id AND e.deleted_at IS NULL),
    'has_dates', v_has_dates,
    'date', v_date,
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
      FROM stock_levels(v_event_id, v_ticket_ids, NULL, false, (v_date->>'id')::uuid) s WHERE s.scope = 'PRICE') END);
END
$$;
