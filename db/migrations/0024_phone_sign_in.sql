-- Sign-in with a mobile number (docs/decisions/062): the number an account signs in with and
-- whether a code proved it, the codes sent by SMS (only an HMAC of each), and the settings of
-- the shop-wide hourly cap on codes and of the code's MSG91 template.
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('sign-in', 'sign-up', 'add-number')),
	CONSTRAINT "phone_codes_attempts_check" CHECK ("phone_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sms_codes_per_hour" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sms_sign_in_template_id" text;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_number_idx" ON "phone_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_number_unique" UNIQUE("phone_number");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_number_check" CHECK ("profiles"."phone_number" ~ '^\+91[6-9][0-9]{9}$');--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_sms_codes_per_hour_range" CHECK ("settings"."sms_codes_per_hour" between 1 and 100000);