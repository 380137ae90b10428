DROP INDEX "order_items_order_idx";--> statement-breakpoint
CREATE INDEX "order_items_order_quantity_idx" ON "order_items" USING btree ("order_id","quantity");