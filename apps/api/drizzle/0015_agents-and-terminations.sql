CREATE TABLE "agent_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifiant" text NOT NULL,
	"password_hash" text NOT NULL,
	"nom_sc" text NOT NULL,
	"login_sc" text NOT NULL,
	"code_regate" text,
	"id_sso" text,
	"code_acores" text,
	"idrh" text,
	"actif" boolean DEFAULT true NOT NULL,
	"profil" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_identifiant_unique" UNIQUE("identifiant"),
	CONSTRAINT "agents_code_regate_unique" UNIQUE("code_regate"),
	CONSTRAINT "agents_id_sso_unique" UNIQUE("id_sso"),
	CONSTRAINT "agents_code_acores_unique" UNIQUE("code_acores")
);
--> statement-breakpoint
CREATE TABLE "termination_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cle" text NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_contrat" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"nom" text NOT NULL,
	"type" text NOT NULL,
	"taille" integer NOT NULL,
	"id_resiliation" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "termination_attachments_cle_unique" UNIQUE("cle")
);
--> statement-breakpoint
CREATE TABLE "termination_reasons" (
	"id_motif" integer PRIMARY KEY NOT NULL,
	"id_motif_parent" integer,
	"libelle" text NOT NULL,
	"pro" boolean DEFAULT false NOT NULL,
	"exoneration_frais" boolean DEFAULT false NOT NULL,
	"justificatif" text,
	"portabilite" boolean DEFAULT false NOT NULL,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminations" (
	"id_resiliation" serial PRIMARY KEY NOT NULL,
	"id_contrat" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_motif" integer NOT NULL,
	"id_sous_motif" integer,
	"date_effet" date NOT NULL,
	"statut" text NOT NULL,
	"frais_ht_centimes" integer NOT NULL,
	"frais_tva_centimes" integer NOT NULL,
	"detail_frais" jsonb NOT NULL,
	"commentaire" text,
	"demande_par" integer NOT NULL,
	"agent_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"effectuee_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "alerte_connexion_agent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "date_portabilite_sortante" date;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "agent_motif" text;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termination_attachments" ADD CONSTRAINT "termination_attachments_id_resiliation_terminations_id_resiliation_fk" FOREIGN KEY ("id_resiliation") REFERENCES "public"."terminations"("id_resiliation") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_sessions_agent_idx" ON "agent_sessions" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_sessions_expires_idx" ON "agent_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "termination_attachments_contract_idx" ON "termination_attachments" USING btree ("id_contrat");--> statement-breakpoint
CREATE UNIQUE INDEX "terminations_scheduled_uq" ON "terminations" USING btree ("id_contrat") WHERE statut = 'PROGRAMMEE';--> statement-breakpoint
CREATE UNIQUE INDEX "terminations_idempotency_uq" ON "terminations" USING btree ("demande_par","idempotency_key");--> statement-breakpoint
CREATE INDEX "terminations_due_idx" ON "terminations" USING btree ("date_effet") WHERE statut = 'PROGRAMMEE';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;