CREATE TABLE "bulk_job_rows" (
	"id_traitement" integer NOT NULL,
	"position" integer NOT NULL,
	"id_contrat" integer,
	"numero_ligne" text NOT NULL,
	"valeurs" jsonb,
	"etat" text NOT NULL,
	"motif" text,
	"avant" jsonb,
	"fait_le" timestamp with time zone,
	CONSTRAINT "bulk_job_rows_id_traitement_position_pk" PRIMARY KEY("id_traitement","position")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id_traitement" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agent" jsonb,
	"source_address" text NOT NULL,
	"action" text NOT NULL,
	"parametres" jsonb NOT NULL,
	"statut" text NOT NULL,
	"total" integer NOT NULL,
	"faits" integer DEFAULT 0 NOT NULL,
	"refuses" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone NOT NULL,
	"termine_le" timestamp with time zone,
	"retour_arriere" text
);
--> statement-breakpoint
ALTER TABLE "bulk_job_rows" ADD CONSTRAINT "bulk_job_rows_id_traitement_bulk_jobs_id_traitement_fk" FOREIGN KEY ("id_traitement") REFERENCES "public"."bulk_jobs"("id_traitement") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_rows_todo_idx" ON "bulk_job_rows" USING btree ("id_traitement","position") WHERE etat in ('A_FAIRE', 'A_DEFAIRE');--> statement-breakpoint
CREATE INDEX "bulk_jobs_account_idx" ON "bulk_jobs" USING btree ("id_client_bscs","id_traitement");