ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
DROP INDEX "mail_outbox_kind_order";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "occasion" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_kind_order_occasion" ON "mail_outbox" USING btree ("kind","order_id","occasion");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('order-confirmation','new-order-alert','payment-received','order-shipped','order-delivered','order-cancelled'));