CREATE TABLE "event_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"location" jsonb,
	"status" text DEFAULT 'ON_SALE' NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_event_start_idx" ON "event_dates" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_dates_account_idx" ON "event_dates" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_event_date_idx" ON "attendees" USING btree ("event_date_id");--> statement-breakpoint
CREATE INDEX "orders_event_date_idx" ON "orders" USING btree ("event_date_id");