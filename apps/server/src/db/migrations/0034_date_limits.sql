CREATE TABLE "capacity_assignment_dates" (
	"capacity_assignment_id" uuid NOT NULL,
	"event_date_id" uuid NOT NULL,
	CONSTRAINT "capacity_assignment_dates_capacity_assignment_id_event_date_id_pk" PRIMARY KEY("capacity_assignment_id","event_date_id")
);
--> statement-breakpoint
DROP INDEX "waitlist_entries_price_email_uq";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "event_date_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "capacity_assignment_dates" ADD CONSTRAINT "capacity_assignment_dates_capacity_assignment_id_capacity_assignments_id_fk" FOREIGN KEY ("capacity_assignment_id") REFERENCES "public"."capacity_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_assignment_dates" ADD CONSTRAINT "capacity_assignment_dates_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_dates_date_idx" ON "capacity_assignment_dates" USING btree ("event_date_id");--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_price_date_email_uq" UNIQUE NULLS NOT DISTINCT("price_id","event_date_id","email");--> statement-breakpoint
-- Capacity assignments limited to dates (#27): `capacity_assignment_dates` lists them; none = every
-- date, as before. A limited assignment counts the units of orders on its dates only (together, one
-- limit shared across them, as an unlimited one is shared across all dates) and limits only orders on
-- those dates. Everything else as in 0032: the same locked path (`checkout_reserve` → `checkout_check` →
-- `stock_levels` with the held units of `checkout_held`/`checkout_add_held`).
--
-- stock_held: as in 0032, and the "<date>/<ticket>" units of the dates of the tickets' limited
-- assignments too (`checkout_add_held` already adds an order's units under its date's keys).
CREATE OR REPLACE FUNCTION stock_held(p_ticket_ids uuid[], p_date_ids uuid[] DEFAULT '{}') RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_related uuid[] := p_ticket_ids || ARRAY(
    SELECT peer.ticket_id
    FROM capacity_assignment_tickets mine
    JOIN capacity_assignment_tickets peer ON peer.capacity_assignment_id = mine.capacity_assignment_id
    WHERE mine.ticket_id = ANY (p_ticket_ids));
  -- The dates of the capacity assignments of these tickets that are limited to dates (0034): their
  -- units per date and ticket are counted too.
  v_dates uuid[] := p_date_ids || ARRAY(
    SELECT DISTINCT cad.event_date_id
    FROM capacity_assignment_tickets cat
    JOIN capacity_assignment_dates cad ON cad.capacity_assignment_id = cat.capacity_assignment_id
    WHERE cat.ticket_id = ANY (p_ticket_ids));
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
    WHERE event_date_id = ANY (v_dates) GROUP BY event_date_id, ticket_id
    UNION ALL
    SELECT oi.event_date_id::text, sum(oi.quantity)::int FROM order_items oi
    WHERE oi.event_date_id = ANY (p_date_ids) AND oi.holds_until > now() GROUP BY oi.event_date_id) x;
  RETURN v_held;
END
$$;
--> statement-breakpoint
-- stock_levels: as in 0032, with each assignment's dates: its units are those of its dates when it has
-- any; with `p_event_date_id`, an assignment limited to other dates neither limits nor shows.
CREATE OR REPLACE FUNCTION stock_levels(p_event_id uuid, p_ticket_ids uuid[] DEFAULT NULL, p_held jsonb DEFAULT NULL,
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
    SELECT ca.id, ca.capacity, ca.status, array_agg(cat.ticket_id) AS ticket_ids,
      (SELECT array_agg(cad.event_date_id) FROM capacity_assignment_dates cad
       WHERE cad.capacity_assignment_id = ca.id) AS date_ids
    FROM capacity_assignments ca
    JOIN capacity_assignment_tickets cat ON cat.capacity_assignment_id = ca.id
    WHERE ca.event_id = p_event_id
      AND ca.id IN (SELECT c.capacity_assignment_id FROM capacity_assignment_tickets c WHERE c.ticket_id IN (SELECT tk.id FROM tk))
    GROUP BY ca.id
  ),
  cap_used AS (
    SELECT cap.id, cap.capacity, cap.status, cap.ticket_ids,
      CASE WHEN cap.date_ids IS NULL
        THEN (SELECT coalesce(sum((h.j->>x::text)::int), 0) FROM h, unnest(cap.ticket_ids) x)
        ELSE (SELECT coalesce(sum((h.j->>(d::text || '/' || x::text))::int), 0)
              FROM h, unnest(cap.ticket_ids) x, unnest(cap.date_ids) d)
      END::int AS used
    FROM cap
    -- An assignment limited to dates applies only to orders on those dates; without a date (the
    -- organizer's overview) every assignment shows.
    WHERE cap.date_ids IS NULL OR p_event_date_id IS NULL OR p_event_date_id = ANY (cap.date_ids)
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
