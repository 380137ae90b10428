CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text,
	"intro" text,
	"footer" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_account_key" ON "email_templates" USING btree ("account_id","kind","locale") WHERE "email_templates"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_event_key" ON "email_templates" USING btree ("event_id","kind","locale") WHERE "email_templates"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "email_templates_account_event_idx" ON "email_templates" USING btree ("account_id","event_id");