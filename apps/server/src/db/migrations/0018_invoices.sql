CREATE TABLE "invoice_chains" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_fingerprint" text
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"account_id" uuid NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_account_id_series_year_pk" PRIMARY KEY("account_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_event_opt_outs" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"series_prefix" text DEFAULT 'F' NOT NULL,
	"vat_regime" text DEFAULT 'GENERAL' NOT NULL,
	"fees_vat_rate_bp" integer DEFAULT 2100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"number_text" text NOT NULL,
	"issue_date" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"corrects_invoice_id" uuid,
	"reason" text,
	"refund_id" uuid,
	"seller" jsonb NOT NULL,
	"buyer" jsonb,
	"lines" jsonb NOT NULL,
	"chain_seq" bigint NOT NULL,
	"previous_fingerprint" text,
	"fingerprint" text NOT NULL,
	"generated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_details" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_chains" ADD CONSTRAINT "invoice_chains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_event_opt_outs" ADD CONSTRAINT "invoice_event_opt_outs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_event_opt_outs" ADD CONSTRAINT "invoice_event_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("account_id","series","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_chain_unique" ON "invoices" USING btree ("account_id","chain_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_unique" ON "invoices" USING btree ("order_id") WHERE kind = 'INVOICE';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_unique" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_account_issued_idx" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
-- An issued invoice or credit note is never changed or deleted (DESIGN §5: books add up).
CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued: it is never changed or deleted', OLD.number_text
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();--> statement-breakpoint
-- An amount as Verifactu writes it: major units, a point and two decimals (1234 → 12.34, -5 → -0.05).
CREATE FUNCTION invoice_amount_text(cents bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(cents / 100.0, 'FM999999999990.00')
$$;--> statement-breakpoint
-- Writes one invoice or credit note: the account's Verifactu chain head is locked first, then the
-- series' counter for the year (always in this order, so two issues never wait on each other crosswise);
-- the number is the counter's, so a rolled-back transaction gives its number back and numbers have no gap.
-- The fingerprint (Huella) is SHA-256 over the eight fields of a RegistroAlta as the AEAT's «Detalle de
-- las especificaciones técnicas para la generación de la huella o hash» defines them, in upper-case hex.
CREATE FUNCTION invoice_record(
  p_order orders, p_kind text, p_type text, p_series text, p_total integer, p_tax integer,
  p_seller jsonb, p_buyer jsonb, p_lines jsonb, p_corrects uuid, p_reason text, p_refund uuid
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := clock_timestamp();
  v_local timestamp;
  v_offset integer;
  v_year integer;
  v_number integer;
  v_chain invoice_chains;
  v_text text;
  v_date text;
  v_generated text;
  v_fingerprint text;
  v_id uuid;
BEGIN
  INSERT INTO invoice_chains (account_id) VALUES (p_order.account_id) ON CONFLICT DO NOTHING;
  SELECT * INTO v_chain FROM invoice_chains WHERE account_id = p_order.account_id FOR UPDATE;
  -- The time is read under the chain's lock: records are generated in the chain's order.
  v_at := clock_timestamp();
  SELECT v_at AT TIME ZONE a.timezone INTO v_local FROM accounts a WHERE a.id = p_order.account_id;
  v_offset := (extract(epoch FROM v_local - (v_at AT TIME ZONE 'UTC')) / 60)::integer;
  v_year := extract(year FROM v_local)::integer;
  INSERT INTO invoice_counters (account_id, series, year) VALUES (p_order.account_id, p_series, v_year)
    ON CONFLICT DO NOTHING;
  SELECT next_number INTO v_number FROM invoice_counters
    WHERE account_id = p_order.account_id AND series = p_series AND year = v_year FOR UPDATE;
  UPDATE invoice_counters SET next_number = v_number + 1
    WHERE account_id = p_order.account_id AND series = p_series AND year = v_year;
  v_text := p_series || v_year || '-' || lpad(v_number::text, 6, '0');
  v_date := to_char(v_local, 'DD-MM-YYYY');
  v_generated := to_char(v_local, 'YYYY-MM-DD"T"HH24:MI:SS')
    || CASE WHEN v_offset < 0 THEN '-' ELSE '+' END
    || lpad((abs(v_offset) / 60)::text, 2, '0') || ':' || lpad((abs(v_offset) % 60)::text, 2, '0');
  v_fingerprint := upper(encode(sha256(convert_to(
    'IDEmisorFactura=' || trim(p_seller->>'tax_id')
    || '&NumSerieFactura=' || v_text
    || '&FechaExpedicionFactura=' || v_date
    || '&TipoFactura=' || p_type
    || '&CuotaTotal=' || invoice_amount_text(p_tax)
    || '&ImporteTotal=' || invoice_amount_text(p_total)
    || '&Huella=' || coalesce(v_chain.last_fingerprint, '')
    || '&FechaHoraHusoGenRegistro=' || v_generated, 'UTF8')), 'hex'));
  INSERT INTO invoices (account_id, event_id, order_id, kind, type, series, year, number, number_text,
    issue_date, issued_at, currency, total_cents, tax_cents, corrects_invoice_id, reason, refund_id,
    seller, buyer, lines, chain_seq, previous_fingerprint, fingerprint, generated_at)
  VALUES (p_order.account_id, p_order.event_id, p_order.id, p_kind, p_type, p_series, v_year, v_number,
    v_text, v_date, v_at, p_order.currency, p_total, p_tax, p_corrects, p_reason, p_refund,
    p_seller, p_buyer, p_lines, v_chain.last_seq + 1, v_chain.last_fingerprint, v_fingerprint, v_generated)
  RETURNING id INTO v_id;
  UPDATE invoice_chains SET last_seq = v_chain.last_seq + 1, last_fingerprint = v_fingerprint
    WHERE account_id = p_order.account_id;
  RETURN v_id;
END $$;--> statement-breakpoint
-- The invoice of an order that became COMPLETED with money to pay, when its account invoices and its
-- event did not opt out: full (F1) when the buyer gave their tax details, simplified (F2) otherwise. The
-- VAT (CuotaTotal) is the order's taxes plus the VAT included in its fees (invoices/breakdown.ts splits
-- the same figures per rate).
CREATE FUNCTION invoice_issue(p_order orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s invoice_settings;
  v_fee_base integer;
  v_lines jsonb;
BEGIN
  IF p_order.total_cents <= 0 THEN RETURN; END IF;
  SELECT * INTO s FROM invoice_settings WHERE account_id = p_order.account_id AND enabled;
  IF NOT FOUND THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM invoice_event_opt_outs WHERE event_id = p_order.event_id) THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM invoices WHERE order_id = p_order.id AND kind = 'INVOICE') THEN RETURN; END IF;
  v_fee_base := round(p_order.fees_cents * 10000.0 / (10000 + s.fees_vat_rate_bp));
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'ticket_name', i.ticket_name, 'price_label', i.price_label, 'quantity', i.quantity,
      'unit_price_cents', i.unit_price_cents, 'unit_discount_cents', i.unit_discount_cents,
      'taxes_cents', i.taxes_cents, 'fees_cents', i.fees_cents, 'total_cents', i.total_cents,
      'taxes_and_fees', i.taxes_and_fees) ORDER BY i.ticket_name, i.id), '[]'::jsonb)
    INTO v_lines FROM order_items i WHERE i.order_id = p_order.id;
  PERFORM invoice_record(p_order, 'INVOICE',
    CASE WHEN p_order.invoice_details IS NULL THEN 'F2' ELSE 'F1' END,
    s.series_prefix, p_order.total_cents, p_order.taxes_cents + p_order.fees_cents - v_fee_base,
    jsonb_build_object('legal_name', s.legal_name, 'tax_id', s.tax_id, 'address', s.address,
      'vat_regime', s.vat_regime, 'fees_vat_rate_bp', s.fees_vat_rate_bp),
    p_order.invoice_details, v_lines, NULL, NULL, NULL);
END $$;--> statement-breakpoint
-- A credit note (factura rectificativa por diferencias, negative amounts) for money given back or a
-- cancelled sale, never beyond what the invoice still stands for: `p_amount` null credits all of it. Its
-- VAT is the invoice's in proportion, and the last credit takes exactly what is left, so the credits of
-- an invoice add up to it to the cent.
CREATE FUNCTION invoice_credit(p_order_id uuid, p_refund uuid, p_amount integer, p_reason text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  inv invoices;
  v_left integer;
  v_left_tax integer;
  v_amount integer;
  v_prefix text;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
  SELECT * INTO inv FROM invoices WHERE order_id = p_order_id AND kind = 'INVOICE';
  IF NOT FOUND THEN RETURN; END IF;
  SELECT inv.total_cents + coalesce(sum(c.total_cents), 0), inv.tax_cents + coalesce(sum(c.tax_cents), 0)
    INTO v_left, v_left_tax FROM invoices c WHERE c.corrects_invoice_id = inv.id;
  v_amount := least(coalesce(p_amount, v_left), v_left);
  IF v_amount <= 0 THEN RETURN; END IF;
  SELECT series_prefix INTO v_prefix FROM invoice_settings WHERE account_id = inv.account_id;
  PERFORM invoice_record(o, 'CREDIT_NOTE', CASE inv.type WHEN 'F1' THEN 'R1' ELSE 'R5' END,
    coalesce(v_prefix, inv.series) || 'R', -v_amount,
    -(CASE WHEN v_amount = v_left THEN v_left_tax
      ELSE round(inv.tax_cents::numeric * v_amount / inv.total_cents)::integer END),
    inv.seller, inv.buyer, inv.lines, inv.id, p_reason, p_refund);
END $$;--> statement-breakpoint
-- Every path that pays an order (checkout's one-statement completion, completeOrder, mark paid, manual
-- orders, waiting-list offers) and every cancellation goes through a status change of the order row:
-- the invoice or the credit note is written by the same statement, in the same transaction.
CREATE FUNCTION invoice_on_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'COMPLETED' THEN
    PERFORM invoice_issue(NEW);
  ELSIF NEW.status = 'CANCELLED' AND OLD.status = 'COMPLETED' THEN
    PERFORM invoice_credit(NEW.id, NULL, NULL, 'CANCELLATION');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_invoice AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION invoice_on_order_status();--> statement-breakpoint
-- A refund settled as SUCCEEDED (refunds/settleRefund, directly or from the provider's webhook) credits
-- its amount; a returned second payment was never part of the sale (order-lifecycle's
-- REFUNDS_OUTSIDE_SALES) and credits nothing.
CREATE FUNCTION invoice_on_refund_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_credit(NEW.order_id, NEW.id, NEW.amount_cents, 'REFUND');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_refunds_invoice AFTER UPDATE OF status ON order_refunds
  FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'SUCCEEDED'
    AND NEW.reason IS DISTINCT FROM 'DUPLICATE_PAYMENT')
  EXECUTE FUNCTION invoice_on_refund_settled();
