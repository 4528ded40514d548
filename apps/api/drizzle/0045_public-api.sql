CREATE TABLE "api_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"id_cle" uuid NOT NULL,
	"expire_a" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id_cle" uuid PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"libelle" text NOT NULL,
	"prefixe" text NOT NULL,
	"secret_hash" text NOT NULL,
	"portees" text[] NOT NULL,
	"cree_le" timestamp with time zone NOT NULL,
	"cree_par" text NOT NULL,
	"cree_par_user_id" integer,
	"expire_a" timestamp with time zone NOT NULL,
	"expire_le" text NOT NULL,
	"derniere_utilisation" timestamp with time zone,
	"revoquee_le" timestamp with time zone,
	"revoquee_par" text,
	CONSTRAINT "api_keys_prefixe_unique" UNIQUE("prefixe")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"id_livraison" uuid NOT NULL,
	"le" timestamp with time zone NOT NULL,
	"code_http" integer,
	"duree_ms" integer NOT NULL,
	"erreur" text,
	"reponse" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id_livraison" uuid PRIMARY KEY NOT NULL,
	"id_webhook" uuid NOT NULL,
	"id_evenement" text NOT NULL,
	"statut" text NOT NULL,
	"tentatives" integer DEFAULT 0 NOT NULL,
	"prochaine_tentative" timestamp with time zone,
	"reservee_jusqua" timestamp with time zone,
	"cree_le" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id_evenement" text PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"type" text NOT NULL,
	"donnees" jsonb NOT NULL,
	"cree_le" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id_webhook" uuid PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"url" text NOT NULL,
	"evenements" text[] NOT NULL,
	"actif" boolean NOT NULL,
	"secret" text NOT NULL,
	"ancien_secret" text,
	"ancien_secret_jusqua" timestamp with time zone,
	"cree_le" timestamp with time zone NOT NULL,
	"en_echec_depuis" timestamp with time zone,
	"desactive_le" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_access_tokens" ADD CONSTRAINT "api_access_tokens_id_cle_api_keys_id_cle_fk" FOREIGN KEY ("id_cle") REFERENCES "public"."api_keys"("id_cle") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_id_livraison_webhook_deliveries_id_livraison_fk" FOREIGN KEY ("id_livraison") REFERENCES "public"."webhook_deliveries"("id_livraison") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_webhook_webhooks_id_webhook_fk" FOREIGN KEY ("id_webhook") REFERENCES "public"."webhooks"("id_webhook") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_evenement_webhook_events_id_evenement_fk" FOREIGN KEY ("id_evenement") REFERENCES "public"."webhook_events"("id_evenement") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_access_tokens_expiry_idx" ON "api_access_tokens" USING btree ("expire_a");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("id_client_bscs") WHERE "api_keys"."revoquee_le" is null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("id_livraison","le");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once_idx" ON "webhook_deliveries" USING btree ("id_webhook","id_evenement");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("prochaine_tentative") WHERE "webhook_deliveries"."statut" in ('EN_ATTENTE', 'ECHEC');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("id_webhook","cree_le");--> statement-breakpoint
CREATE INDEX "webhook_events_account_idx" ON "webhook_events" USING btree ("id_client_bscs","cree_le");--> statement-breakpoint
CREATE INDEX "webhooks_account_idx" ON "webhooks" USING btree ("id_client_bscs");