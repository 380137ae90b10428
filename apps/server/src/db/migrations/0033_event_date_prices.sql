CREATE TABLE "event_date_prices" (
	"account_id" uuid NOT NULL,
	"event_date_id" uuid NOT NULL,
	"price_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "event_date_prices_event_date_id_price_id_pk" PRIMARY KEY("event_date_id","price_id")
);
--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_date_prices" ADD CONSTRAINT "event_date_prices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_date_prices" ADD CONSTRAINT "event_date_prices_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_date_prices" ADD CONSTRAINT "event_date_prices_price_id_ticket_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."ticket_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_date_prices_account_idx" ON "event_date_prices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "event_date_prices_price_idx" ON "event_date_prices" USING btree ("price_id");
--> statement-breakpoint
-- checkout_check: as in 0032, and a buyer's date must be within its own sale window (DATE_UNAVAILABLE).
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
      AND (NOT v_buyer OR (d.status = 'ON_SALE' AND d.starts_at > now()
        AND (d.sale_starts_at IS NULL OR d.sale_starts_at <= now())
        AND (d.sale_ends_at IS NULL OR d.sale_ends_at > now())))
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
-- checkout_context: as in 0032, and the date's sale window and its own prices ({ price id: cents }).
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
    'location', d.location, 'sale_starts_at', d.sale_starts_at, 'sale_ends_at', d.sale_ends_at,
    'prices', (SELECT coalesce(jsonb_object_agg(dp.price_id, dp.price_cents), '{}')
               FROM event_date_prices dp WHERE dp.event_date_id = d.id)) INTO v_date
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
