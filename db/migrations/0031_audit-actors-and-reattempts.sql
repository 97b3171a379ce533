ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "reattempt_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('courier', 'system'));--> statement-breakpoint
-- Written by hand: the entries no person wrote, named as the audit log now names them. A courier's
-- scan, and its payout of collected cash, were the courier's; the status a scan moved an order
-- to was written by the shop in the scan's own transaction (the same now()).
UPDATE "audit_log" SET "actor_kind" = 'courier'
  WHERE "actor_id" IS NULL AND "action" IN ('courier-scan', 'record-remittance');--> statement-breakpoint
UPDATE "audit_log" a SET "actor_kind" = 'system'
  WHERE a."actor_id" IS NULL AND a."action" = 'update-status' AND EXISTS (
    SELECT 1 FROM "shipment_scans" s JOIN "shipments" sh ON sh."id" = s."shipment_id"
    WHERE sh."order_id"::text = a."entity_id" AND s."created_at" = a."created_at"
  );
