DROP INDEX "jobs_pending_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
CREATE INDEX "jobs_pending_by_kind_idx" ON "jobs" USING btree ("kind","run_at","id") WHERE "jobs"."completed_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key_idx" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."completed_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("kind","failed_at") WHERE "jobs"."failed_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_completed_idx" ON "jobs" USING btree ("completed_at") WHERE "jobs"."completed_at" is not null;--> statement-breakpoint
-- The waiting-list sweep re-queued itself with a check-then-insert that two processes could both pass;
-- it is now a repeating job (one pending occurrence per singleton_key), scheduled again at start-up.
DELETE FROM "jobs" WHERE "kind" = 'waitlist.sweep' AND "completed_at" IS NULL AND "failed_at" IS NULL;
