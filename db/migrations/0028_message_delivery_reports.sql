ALTER TABLE "customer_messages" DROP CONSTRAINT "customer_messages_state_check";--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_messages_provider_idx" ON "customer_messages" USING btree ("channel","provider_id");--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_state_check" CHECK ("customer_messages"."state" in ('queued','sent','delivered','failed','skipped'));