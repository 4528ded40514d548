CREATE TABLE "fleet_policies" (
	"id_client_bscs" integer PRIMARY KEY NOT NULL,
	"centre_obligatoire" boolean DEFAULT false NOT NULL,
	"seuil_validation_ht_centimes" integer,
	"modifie_le" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"demandeur_id" integer,
	"statut" text DEFAULT 'EN_ATTENTE_VALIDATION' NOT NULL,
	"montant_ht_centimes" integer NOT NULL,
	"seuil_ht_centimes" integer NOT NULL,
	"demande_le" timestamp with time zone NOT NULL,
	"expire_le" timestamp with time zone NOT NULL,
	"decideur_id" integer,
	"decide_le" timestamp with time zone,
	"motif" text,
	CONSTRAINT "order_approvals_decision_ck" CHECK (("order_approvals"."statut" = 'EN_ATTENTE_VALIDATION') = ("order_approvals"."decide_le" is null))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "id_centre" integer;--> statement-breakpoint
ALTER TABLE "fleet_policies" ADD CONSTRAINT "fleet_policies_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_demandeur_id_users_id_fk" FOREIGN KEY ("demandeur_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decideur_id_users_id_fk" FOREIGN KEY ("decideur_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_approvals_waiting_idx" ON "order_approvals" USING btree ("expire_le") WHERE "order_approvals"."statut" = 'EN_ATTENTE_VALIDATION';--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_id_centre_cost_centres_id_centre_fk" FOREIGN KEY ("id_centre") REFERENCES "public"."cost_centres"("id_centre") ON DELETE set null ON UPDATE no action;