ALTER TABLE "customer_messages" DROP CONSTRAINT "customer_messages_channel_check";--> statement-breakpoint
ALTER TABLE "customer_messages" ALTER COLUMN "about" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_channel_check" CHECK ("customer_messages"."channel" in ('email','whatsapp','sms'));--> statement-breakpoint
-- The order's first notice has one name on every channel (docs/decisions/081): its mail was the
-- "order-confirmation", its messages "order-placed". Mail jobs written before keep their meaning.
UPDATE "background_jobs"
SET "payload" = jsonb_set("payload", '{kind}', '"order-placed"'),
    "key" = 'order-placed' || substr("key", length('order-confirmation') + 1)
WHERE "kind" = 'mail' AND "payload"->>'kind' = 'order-confirmation';
--> statement-breakpoint
-- So is a recall: its mail was the "recall-notice", its messages "recall".
UPDATE "background_jobs"
SET "payload" = jsonb_set("payload", '{kind}', '"recall"'),
    "key" = 'recall' || substr("key", length('recall-notice') + 1)
WHERE "kind" = 'mail' AND "payload"->>'kind' = 'recall-notice';
