CREATE SEQUENCE "public"."waiting_room_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "waiting_room_visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" bigint,
	"admitted_at" timestamp with time zone,
	"pass_id" uuid,
	"pass_expires_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"credit" double precision DEFAULT 0 NOT NULL,
	"last_tick_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waiting_room_visitors" ADD CONSTRAINT "waiting_room_visitors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_visitors_device_uq" ON "waiting_room_visitors" USING btree ("event_id","device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_visitors_pass_uq" ON "waiting_room_visitors" USING btree ("pass_id");--> statement-breakpoint
CREATE INDEX "waiting_room_visitors_line_idx" ON "waiting_room_visitors" USING btree ("event_id","position") WHERE "waiting_room_visitors"."admitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "waiting_room_visitors_admitted_idx" ON "waiting_room_visitors" USING btree ("event_id","admitted_at");