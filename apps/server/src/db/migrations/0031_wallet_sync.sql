CREATE SEQUENCE "public"."wallet_pass_tag" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"attendee_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"content_at" timestamp with time zone NOT NULL,
	"tag" bigint DEFAULT 0 NOT NULL,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"google" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"device_library_id" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_passes_account_idx" ON "wallet_passes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_registrations_device_pass_unique" ON "wallet_registrations" USING btree ("device_library_id","attendee_id");--> statement-breakpoint
CREATE INDEX "wallet_registrations_attendee_idx" ON "wallet_registrations" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "wallet_registrations_account_idx" ON "wallet_registrations" USING btree ("account_id");