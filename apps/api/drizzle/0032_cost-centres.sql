CREATE TABLE "cost_centres" (
	"id_centre" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"id_parent" integer,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "id_centre" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "etiquettes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "id_centre" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "centre_code" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "centre_libelle" text;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_id_parent_cost_centres_id_centre_fk" FOREIGN KEY ("id_parent") REFERENCES "public"."cost_centres"("id_centre") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_account_code_uq" ON "cost_centres" USING btree ("id_client_bscs","code");--> statement-breakpoint
CREATE INDEX "cost_centres_parent_idx" ON "cost_centres" USING btree ("id_parent");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_id_centre_cost_centres_id_centre_fk" FOREIGN KEY ("id_centre") REFERENCES "public"."cost_centres"("id_centre") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_centre_idx" ON "contracts" USING btree ("id_centre");--> statement-breakpoint
CREATE INDEX "contracts_etiquettes_idx" ON "contracts" USING gin ("etiquettes");