ALTER TABLE "phone_codes" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD COLUMN "stranger_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_stranger_attempts_check" CHECK ("phone_codes"."stranger_attempts" >= 0);