CREATE TABLE "termination_drafts" (
	"user_id" integer NOT NULL,
	"id_contrat" integer NOT NULL,
	"id_motif" integer,
	"id_sous_motif" integer,
	"date_effet" date,
	"commentaire" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "termination_drafts_user_id_id_contrat_pk" PRIMARY KEY("user_id","id_contrat")
);
--> statement-breakpoint
ALTER TABLE "termination_drafts" ADD CONSTRAINT "termination_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termination_drafts" ADD CONSTRAINT "termination_drafts_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;