CREATE TABLE "line_usage_days" (
	"id_contrat" integer NOT NULL,
	"jour" date NOT NULL,
	"data_octets" bigint DEFAULT 0 NOT NULL,
	"voix_secondes" bigint DEFAULT 0 NOT NULL,
	"sms" bigint DEFAULT 0 NOT NULL,
	"data_itinerance_octets" bigint DEFAULT 0 NOT NULL,
	"voix_itinerance_secondes" bigint DEFAULT 0 NOT NULL,
	"hors_forfait_centimes" bigint DEFAULT 0 NOT NULL,
	"itinerance_centimes" bigint DEFAULT 0 NOT NULL,
	"releves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_usage_days_id_contrat_jour_pk" PRIMARY KEY("id_contrat","jour")
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id_evenement" text PRIMARY KEY NOT NULL,
	"id_contrat" integer NOT NULL,
	"horodatage" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"zone" text NOT NULL,
	"volume" bigint NOT NULL,
	"montant_hors_forfait_centimes" integer NOT NULL,
	"recu_le" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_usage_days" ADD CONSTRAINT "line_usage_days_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_events_contract_time_idx" ON "usage_events" USING btree ("id_contrat","horodatage");--> statement-breakpoint
CREATE INDEX "contracts_numero_idx" ON "contracts" USING btree ("numero_ligne");