DROP INDEX "order_items_ticket_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holds_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_held_idx" ON "order_items" USING btree ("ticket_id","holds_until","price_id","quantity");