-- Order updates by SMS and WhatsApp (docs/decisions/063): each customer's consent per channel,
-- kept as history; a log of every order message and its state; the message settings' one row.
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"about" uuid NOT NULL,
	"event" text NOT NULL,
	"occasion" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid,
	"recipient" text,
	"body" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_state_check" CHECK ("customer_messages"."state" in ('queued','sent','failed','skipped')),
	CONSTRAINT "customer_messages_channel_check" CHECK ("customer_messages"."channel" in ('whatsapp','sms'))
);
--> statement-breakpoint
CREATE TABLE "message_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"opted_in_at" timestamp with time zone NOT NULL,
	"opted_in_via" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "message_consents_channel_check" CHECK ("message_consents"."channel" in ('whatsapp','sms')),
	CONSTRAINT "message_consents_sources_check" CHECK ("message_consents"."opted_in_via" in ('checkout','profile') and ("message_consents"."withdrawn_via" is null or "message_consents"."withdrawn_via" in ('checkout','profile'))),
	CONSTRAINT "message_consents_withdrawn_together" CHECK (("message_consents"."withdrawn_at" is null) = ("message_consents"."withdrawn_via" is null) and ("message_consents"."withdrawn_at" is null or "message_consents"."withdrawn_at" >= "message_consents"."opted_in_at"))
);
--> statement-breakpoint
CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sms_sender_id" text DEFAULT '' NOT NULL,
	"whatsapp_language" text DEFAULT 'en' NOT NULL,
	"order_messages_per_hour" integer DEFAULT 500 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_single_row" CHECK ("message_settings"."id" = 1),
	CONSTRAINT "message_settings_cap_range" CHECK ("message_settings"."order_messages_per_hour" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_consents" ADD CONSTRAINT "message_consents_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_once" ON "customer_messages" USING btree ("about","event","occasion","channel");--> statement-breakpoint
CREATE INDEX "customer_messages_sent_idx" ON "customer_messages" USING btree ("sent_at") WHERE "customer_messages"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "message_consents_one_open" ON "message_consents" USING btree ("user_id","channel") WHERE "message_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "message_consents_user_idx" ON "message_consents" USING btree ("user_id","opted_in_at");--> statement-breakpoint
-- Hand-written: the settings row exists from the start, with no templates and the default cap.
INSERT INTO "message_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
