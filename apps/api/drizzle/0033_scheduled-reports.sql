CREATE TABLE "report_sendings" (
	"id_envoi" serial PRIMARY KEY NOT NULL,
	"id_rapport" integer,
	"id_client_bscs" integer NOT NULL,
	"type" text NOT NULL,
	"periode" text NOT NULL,
	"envoye_le" timestamp with time zone NOT NULL,
	"destinataires" text[] NOT NULL,
	"nom_fichier" text NOT NULL,
	"taille" integer NOT NULL,
	"cle_fichier" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id_rapport" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"type" text NOT NULL,
	"frequence" text NOT NULL,
	"destinataires" text[] NOT NULL,
	"cree_par" integer,
	"cree_le" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_sendings" ADD CONSTRAINT "report_sendings_id_rapport_scheduled_reports_id_rapport_fk" FOREIGN KEY ("id_rapport") REFERENCES "public"."scheduled_reports"("id_rapport") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sendings" ADD CONSTRAINT "report_sendings_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_cree_par_users_id_fk" FOREIGN KEY ("cree_par") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_sendings_once_uq" ON "report_sendings" USING btree ("id_rapport","periode");--> statement-breakpoint
CREATE INDEX "report_sendings_account_idx" ON "report_sendings" USING btree ("id_client_bscs","envoye_le");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_reports_kind_uq" ON "scheduled_reports" USING btree ("id_client_bscs","type","frequence");