CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_jobs_state_check" CHECK ("background_jobs"."state" in ('queued','running','done','failed')),
	CONSTRAINT "background_jobs_attempts_non_negative" CHECK ("background_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_kind_key" ON "background_jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "background_jobs_due_idx" ON "background_jobs" USING btree ("kind","run_at") WHERE "background_jobs"."state" in ('queued','running');--> statement-breakpoint
CREATE INDEX "background_jobs_finished_idx" ON "background_jobs" USING btree ("finished_at") WHERE "background_jobs"."state" = 'done';--> statement-breakpoint
-- A job waiting to run is announced on the 'background_jobs' channel with its kind. NOTIFY is
-- transactional: every process hears it when the change that wrote the job commits, and never
-- for one that rolls back, so no caller has to start the work by hand (docs/decisions/055).
CREATE OR REPLACE FUNCTION notify_background_job() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('background_jobs', NEW.kind);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER background_jobs_announced
AFTER INSERT OR UPDATE OF state, run_at ON background_jobs
FOR EACH ROW WHEN (NEW.state = 'queued') EXECUTE FUNCTION notify_background_job();
