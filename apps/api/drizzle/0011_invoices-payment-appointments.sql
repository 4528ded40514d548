CREATE TABLE "account_payment_settings" (
	"id_client_bscs" integer PRIMARY KEY NOT NULL,
	"mode_paiement" text NOT NULL,
	"titulaire" text,
	"iban" text,
	"bic" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_contrat" integer NOT NULL,
	"type_ligne" text NOT NULL,
	"user_id" integer NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"motif" text NOT NULL,
	"telephone" text NOT NULL,
	"statut" text DEFAULT 'RESERVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"user_id" integer,
	"motif" text NOT NULL,
	"message" text NOT NULL,
	"lignes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"statut" text DEFAULT 'EN_COURS' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_complaints_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"id_contrat" integer,
	"numero_ligne" text,
	"nature" text NOT NULL,
	"libelle" text NOT NULL,
	"quantite" integer DEFAULT 1 NOT NULL,
	"montant_ht_centimes" integer NOT NULL,
	"taux_tva_bp" integer DEFAULT 2000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"montant_centimes" integer NOT NULL,
	"moyen" text NOT NULL,
	"transaction_reference" text,
	"recorded_by" integer,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"reference_number" text NOT NULL,
	"date_facture" date NOT NULL,
	"date_echeance" date NOT NULL,
	"periode_debut" date NOT NULL,
	"periode_fin" date NOT NULL,
	"montant_ht_centimes" integer NOT NULL,
	"montant_tva_centimes" integer NOT NULL,
	"montant_ttc_centimes" integer NOT NULL,
	"reste_a_payer_centimes" integer NOT NULL,
	"prelevement" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoices_reference_number_unique" UNIQUE("reference_number"),
	CONSTRAINT "invoices_reste_check" CHECK ("invoices"."reste_a_payer_centimes" >= 0 and "invoices"."reste_a_payer_centimes" <= "invoices"."montant_ttc_centimes")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text,
	"transaction_reference" text,
	"resultat" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"source_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"transaction_reference" text PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"user_id" integer NOT NULL,
	"montant_centimes" integer NOT NULL,
	"reference_numbers" text[] NOT NULL,
	"statut" text NOT NULL,
	"fournisseur" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_counters" (
	"serie" text NOT NULL,
	"annee" integer NOT NULL,
	"dernier_numero" integer NOT NULL,
	CONSTRAINT "reference_counters_serie_annee_pk" PRIMARY KEY("serie","annee")
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"rum" text NOT NULL,
	"type" text NOT NULL,
	"statut" text NOT NULL,
	"titulaire" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"lieu_signature" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sepa_mandates_rum_unique" UNIQUE("rum")
);
--> statement-breakpoint
ALTER TABLE "account_payment_settings" ADD CONSTRAINT "account_payment_settings_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_complaints" ADD CONSTRAINT "invoice_complaints_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_uq" ON "appointments" USING btree ("debut") WHERE statut = 'RESERVE';--> statement-breakpoint
CREATE INDEX "appointments_account_idx" ON "appointments" USING btree ("id_client_bscs","debut");--> statement-breakpoint
CREATE INDEX "invoice_complaints_invoice_idx" ON "invoice_complaints" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","id_contrat");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_transaction_uq" ON "invoice_payments" USING btree ("transaction_reference","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_account_date_idx" ON "invoices" USING btree ("id_client_bscs","date_facture");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_event_uq" ON "payment_notifications" USING btree ("event_id") WHERE resultat = 'APPLIQUEE';--> statement-breakpoint
CREATE INDEX "payment_notifications_received_idx" ON "payment_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_account_idx" ON "payment_transactions" USING btree ("id_client_bscs","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_active_uq" ON "sepa_mandates" USING btree ("id_client_bscs") WHERE statut = 'ACTIF';--> statement-breakpoint
INSERT INTO "reference_counters" ("serie", "annee", "dernier_numero") SELECT 'SUP', "annee", "dernier_numero" FROM "support_ticket_counters" ON CONFLICT DO NOTHING;
