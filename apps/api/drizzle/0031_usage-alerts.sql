CREATE TABLE "data_freezes" (
	"id_contrat" integer PRIMARY KEY NOT NULL,
	"periode" text NOT NULL,
	"depuis" timestamp with time zone NOT NULL,
	"cause" text NOT NULL,
	"id_alerte" integer
);
--> statement-breakpoint
CREATE TABLE "usage_alerts" (
	"id_alerte" serial PRIMARY KEY NOT NULL,
	"id_contrat" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"periode" text NOT NULL,
	"type" text NOT NULL,
	"cle" text NOT NULL,
	"seuil" integer NOT NULL,
	"valeur" integer NOT NULL,
	"unite" text NOT NULL,
	"declenchee_le" timestamp with time zone NOT NULL,
	"statut" text DEFAULT 'NOUVELLE' NOT NULL,
	"blocage" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer,
	"id_contrat" integer,
	"data_pourcentages" integer[] NOT NULL,
	"hors_forfait_centimes" integer,
	"itinerance_centimes" integer,
	"action" text NOT NULL,
	"prevenir_utilisateur" boolean DEFAULT false NOT NULL,
	"modifie_le" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_thresholds_owner_check" CHECK (("usage_thresholds"."id_client_bscs" is null) <> ("usage_thresholds"."id_contrat" is null))
);
--> statement-breakpoint
ALTER TABLE "data_freezes" ADD CONSTRAINT "data_freezes_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_freezes" ADD CONSTRAINT "data_freezes_id_alerte_usage_alerts_id_alerte_fk" FOREIGN KEY ("id_alerte") REFERENCES "public"."usage_alerts"("id_alerte") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_thresholds" ADD CONSTRAINT "usage_thresholds_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_alerts_once_idx" ON "usage_alerts" USING btree ("id_contrat","type","cle","periode");--> statement-breakpoint
CREATE INDEX "usage_alerts_account_idx" ON "usage_alerts" USING btree ("id_client_bscs","statut","declenchee_le");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_thresholds_account_idx" ON "usage_thresholds" USING btree ("id_client_bscs") WHERE "usage_thresholds"."id_client_bscs" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_thresholds_contract_idx" ON "usage_thresholds" USING btree ("id_contrat") WHERE "usage_thresholds"."id_contrat" is not null;