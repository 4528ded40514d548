CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"complaint_id" integer NOT NULL,
	"date_avoir" date NOT NULL,
	"motif" text NOT NULL,
	"montant_ht_centimes" integer NOT NULL,
	"montant_tva_centimes" integer NOT NULL,
	"montant_ttc_centimes" integer NOT NULL,
	"taux_tva_bp" integer NOT NULL,
	"impute_centimes" integer NOT NULL,
	"rembourse_centimes" integer NOT NULL,
	"moyen_remboursement" text,
	"client" jsonb NOT NULL,
	"mode_paiement" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "credit_notes_reference_unique" UNIQUE("reference"),
	CONSTRAINT "credit_notes_complaint_id_unique" UNIQUE("complaint_id"),
	CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."montant_ht_centimes" > 0 and "credit_notes"."montant_ttc_centimes" = "credit_notes"."montant_ht_centimes" + "credit_notes"."montant_tva_centimes" and "credit_notes"."impute_centimes" >= 0 and "credit_notes"."rembourse_centimes" >= 0 and "credit_notes"."impute_centimes" + "credit_notes"."rembourse_centimes" = "credit_notes"."montant_ttc_centimes")
);
--> statement-breakpoint
ALTER TABLE "invoice_complaints" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "invoice_complaints" ADD COLUMN "decision_motif" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_complaint_id_invoice_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."invoice_complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_account_date_idx" ON "credit_notes" USING btree ("id_client_bscs","date_avoir");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");