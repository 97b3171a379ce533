-- Order mails and card refunds become background jobs (docs/decisions/055). What the two outboxes
-- still held is carried over first: a mail not sent yet waits as a job of kind 'mail' (failed
-- when its attempts were used up), a sent one is kept as done so it is never sent again until
-- finished jobs are pruned; a refund not sent yet waits to be sent, one the gateway has not
-- settled waits to be asked about.
INSERT INTO "background_jobs" ("kind", "key", "payload", "state", "attempts", "run_at", "last_error", "finished_at", "created_at")
SELECT 'mail',
  m."kind" || ':' || m."order_id" || ':' || m."occasion",
  jsonb_build_object('kind', m."kind", 'about', m."order_id"::text, 'occasion', m."occasion"),
  CASE WHEN m."sent_at" IS NOT NULL THEN 'done' WHEN m."next_attempt_at" IS NULL THEN 'failed' ELSE 'queued' END,
  m."attempts",
  COALESCE(m."next_attempt_at", m."created_at"),
  m."last_error",
  m."sent_at",
  m."created_at"
FROM "mail_outbox" m
ON CONFLICT ("kind", "key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "background_jobs" ("kind", "key", "payload", "run_at", "created_at")
SELECT 'card-refund', r."id" || ':' || r."idempotency_key", jsonb_build_object('refundId', r."id"::text),
  COALESCE(r."next_attempt_at", now()), r."created_at"
FROM "refunds" r
WHERE r."status" = 'pending' AND r."provider_refund_id" IS NULL
ON CONFLICT ("kind", "key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "background_jobs" ("kind", "key", "payload", "run_at", "created_at")
SELECT 'card-refund-check', r."provider_refund_id", jsonb_build_object('refundId', r."id"::text), now(), r."created_at"
FROM "refunds" r
WHERE r."status" = 'pending' AND r."provider_refund_id" IS NOT NULL
ON CONFLICT ("kind", "key") DO NOTHING;
--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
DROP INDEX "refunds_due_idx";--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "next_attempt_at";
