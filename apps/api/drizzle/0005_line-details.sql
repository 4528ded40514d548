CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"on_behalf_of" integer,
	"action" text NOT NULL,
	"id_client_bscs" integer,
	"id_contrat" integer,
	"at" timestamp with time zone NOT NULL,
	"source_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loss_theft_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_contrat" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"motif" text NOT NULL,
	"date_evenement" date NOT NULL,
	"commentaire" text,
	"statut_precedent" text NOT NULL,
	"declared_by" integer NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"restored_by" integer,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "options" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "date_fin_engagement" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "type_sim" text DEFAULT 'SIM' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "iccid" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "puk" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "puk2" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "esim_code_activation" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "esim_adresse_smdp" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "utilisateur_prenom" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "utilisateur_nom" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "utilisateur_email" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "inscription_annuaire" text DEFAULT 'LISTE_ROUGE' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "data_mo" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "data_illimitee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "options_incluses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "loss_theft_declarations" ADD CONSTRAINT "loss_theft_declarations_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_account_at_idx" ON "audit_log" USING btree ("id_client_bscs","at");--> statement-breakpoint
CREATE INDEX "audit_log_contract_at_idx" ON "audit_log" USING btree ("id_contrat","at");--> statement-breakpoint
CREATE UNIQUE INDEX "loss_theft_open_uq" ON "loss_theft_declarations" USING btree ("id_contrat") WHERE restored_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_iccid_uq" ON "contracts" USING btree ("iccid");--> statement-breakpoint
-- Lines that existed before: their user is the portal user attached to the line, where there is one.
UPDATE "contracts" SET "utilisateur_prenom" = u."prenom", "utilisateur_nom" = u."nom", "utilisateur_email" = u."email"
FROM "users" u WHERE u."id" = "contracts"."user_id" AND "contracts"."utilisateur_nom" IS NULL;
