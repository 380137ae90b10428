DROP INDEX "waiting_room_visitors_device_uq";--> statement-breakpoint
DROP INDEX "waiting_room_visitors_line_idx";--> statement-breakpoint
DROP INDEX "waiting_room_visitors_admitted_idx";--> statement-breakpoint
ALTER TABLE "waiting_rooms" DROP CONSTRAINT "waiting_rooms_pkey";--> statement-breakpoint
ALTER TABLE "waiting_room_visitors" ADD COLUMN "room" uuid;--> statement-breakpoint
UPDATE "waiting_room_visitors" SET "room" = "event_id";--> statement-breakpoint
ALTER TABLE "waiting_room_visitors" ALTER COLUMN "room" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "room" uuid;--> statement-breakpoint
UPDATE "waiting_rooms" SET "room" = "event_id";--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD PRIMARY KEY ("room");--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "event_date_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_visitors_room_device_uq" ON "waiting_room_visitors" USING btree ("room","device_hash");--> statement-breakpoint
CREATE INDEX "waiting_room_visitors_room_line_idx" ON "waiting_room_visitors" USING btree ("room","position") WHERE "waiting_room_visitors"."admitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "waiting_room_visitors_room_admitted_idx" ON "waiting_room_visitors" USING btree ("room","admitted_at");--> statement-breakpoint
CREATE INDEX "waiting_room_visitors_event_idx" ON "waiting_room_visitors" USING btree ("event_id");
