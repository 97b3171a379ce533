CREATE TABLE "cod_remittance_orders" (
	"remittance_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "cod_remittance_orders_remittance_id_order_id_pk" PRIMARY KEY("remittance_id","order_id"),
	CONSTRAINT "cod_remittance_orders_amount_not_negative" CHECK ("cod_remittance_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"remitted_at" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_amount_not_negative" CHECK ("cod_remittances"."amount" >= 0),
	CONSTRAINT "cod_remittances_courier_known" CHECK ("cod_remittances"."courier" in ('test', 'shiprocket'))
);
--> statement-breakpoint
ALTER TABLE "cod_remittance_orders" ADD CONSTRAINT "cod_remittance_orders_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_orders" ADD CONSTRAINT "cod_remittance_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_orders_order_key" ON "cod_remittance_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_courier_reference_key" ON "cod_remittances" USING btree ("courier","reference");--> statement-breakpoint
CREATE INDEX "cod_remittances_remitted_at_idx" ON "cod_remittances" USING btree ("remitted_at");