DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."completed_at" is null and "jobs"."failed_at" is null;