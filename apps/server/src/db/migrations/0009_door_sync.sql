CREATE TABLE "check_in_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"check_in_list_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"client_id" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"kept_scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "scanned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "door_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "show_at_door" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_conflicts_list_client_unique" ON "check_in_conflicts" USING btree ("check_in_list_id","client_id");--> statement-breakpoint
CREATE INDEX "check_in_conflicts_event_idx" ON "check_in_conflicts" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_list_client_unique" ON "check_ins" USING btree ("check_in_list_id","client_id");--> statement-breakpoint
CREATE INDEX "attendees_door_version_idx" ON "attendees" USING btree ("event_id","door_version","short_id");