CREATE TABLE "catalog_accessories" (
	"id_article" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"categorie" text NOT NULL,
	"description" text NOT NULL,
	"prix_centimes" integer NOT NULL,
	"stock" integer NOT NULL,
	"image" text NOT NULL,
	"compatibles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"commercialise" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_insurances" (
	"id_assurance" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"description" text NOT NULL,
	"prix_mensuel_centimes" integer NOT NULL,
	"franchise_centimes" integer NOT NULL,
	"plafond_prix_mobile_centimes" integer NOT NULL,
	"commercialise" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_options" (
	"id_option" integer PRIMARY KEY NOT NULL,
	"famille" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text NOT NULL,
	"prix_mensuel_centimes" integer NOT NULL,
	"commercialise" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_phones" (
	"id_article" integer PRIMARY KEY NOT NULL,
	"marque" text NOT NULL,
	"modele" text NOT NULL,
	"description" text NOT NULL,
	"couleurs" text[] NOT NULL,
	"stockage_go" integer NOT NULL,
	"esim" boolean NOT NULL,
	"cinq_g" boolean NOT NULL,
	"prix_nu_centimes" integer NOT NULL,
	"prix_avec_forfait_centimes" integer NOT NULL,
	"stock" integer NOT NULL,
	"image" text NOT NULL,
	"commercialise" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_promotions" (
	"id_promotion" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"conditions" text NOT NULL,
	"code_promo" text,
	"cible" text NOT NULL,
	"type" text NOT NULL,
	"valeur" integer NOT NULL,
	"duree_mois" integer,
	"id_offre_engagement" integer,
	"id_article" integer,
	"debut" date NOT NULL,
	"fin" date
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id_ctrl_piece" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_souscription" integer,
	"type" text NOT NULL,
	"nom_fichier" text NOT NULL,
	"cle_stockage" text NOT NULL,
	"type_mime" text NOT NULL,
	"taille" integer NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_addresses" (
	"order_id" integer NOT NULL,
	"type" integer NOT NULL,
	"destinataire" text NOT NULL,
	"numero" text DEFAULT '' NOT NULL,
	"voie" text NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"code_insee" text,
	CONSTRAINT "order_addresses_order_id_type_pk" PRIMARY KEY("order_id","type"),
	CONSTRAINT "order_addresses_type_ck" CHECK ("order_addresses"."type" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"statut" integer NOT NULL,
	"etape" integer NOT NULL,
	"libelle" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"type" integer NOT NULL,
	"statut" integer DEFAULT 1 NOT NULL,
	"etape" integer DEFAULT 1 NOT NULL,
	"id_souscription" integer,
	"id_contrat" integer,
	"mode_paiement" integer,
	"niveau_risque" integer DEFAULT 0 NOT NULL,
	"acompte_centimes" integer DEFAULT 0 NOT NULL,
	"total_unique_ht_centimes" integer DEFAULT 0 NOT NULL,
	"total_mensuel_ht_centimes" integer DEFAULT 0 NOT NULL,
	"tva_unique_centimes" integer DEFAULT 0 NOT NULL,
	"reference_virement" text,
	"reference_transaction" text,
	"id_point_de_vente" integer,
	"idempotency_key" text,
	"recapitulatif" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validee_le" timestamp with time zone,
	CONSTRAINT "orders_type_ck" CHECK ("orders"."type" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "points_of_sale" (
	"id_point_de_vente" integer PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"adresse" text NOT NULL,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"horaires" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_souscription" integer,
	"score" integer NOT NULL,
	"niveau" integer NOT NULL,
	"decision" text NOT NULL,
	"motifs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_line_articles" (
	"id_ligne" integer NOT NULL,
	"id_article" integer NOT NULL,
	"est_accessoire" boolean DEFAULT true NOT NULL,
	"quantite" integer DEFAULT 1 NOT NULL,
	"prix_article_centimes" integer NOT NULL,
	CONSTRAINT "subscription_line_articles_id_ligne_id_article_pk" PRIMARY KEY("id_ligne","id_article")
);
--> statement-breakpoint
CREATE TABLE "subscription_line_options" (
	"id_ligne" integer NOT NULL,
	"id_option" integer NOT NULL,
	"prix_option_centimes" integer NOT NULL,
	CONSTRAINT "subscription_line_options_id_ligne_id_option_pk" PRIMARY KEY("id_ligne","id_option")
);
--> statement-breakpoint
CREATE TABLE "subscription_line_promotions" (
	"id_ligne" integer NOT NULL,
	"id_promotion" integer NOT NULL,
	"prix_promotion_centimes" integer NOT NULL,
	"remise_promotion_centimes" integer NOT NULL,
	CONSTRAINT "subscription_line_promotions_id_ligne_id_promotion_pk" PRIMARY KEY("id_ligne","id_promotion")
);
--> statement-breakpoint
CREATE TABLE "subscription_lines" (
	"id_ligne" serial PRIMARY KEY NOT NULL,
	"id_souscription" integer NOT NULL,
	"quantite" integer DEFAULT 1 NOT NULL,
	"id_offre_engagement" integer NOT NULL,
	"id_article_mobile" integer,
	"couleur" text,
	"type_sim" text DEFAULT 'SIM' NOT NULL,
	"mode_numero" text DEFAULT 'NOUVEAU' NOT NULL,
	"msisdn" text,
	"rio" text,
	"date_portage" date,
	"inscription_annuaire" boolean DEFAULT false NOT NULL,
	"id_assurance" integer,
	"prix_mobile_centimes" integer DEFAULT 0 NOT NULL,
	"prix_mensuel_centimes" integer DEFAULT 0 NOT NULL,
	"prix_assurance_centimes" integer DEFAULT 0 NOT NULL,
	"id_contrats" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_lines_quantite_ck" CHECK ("subscription_lines"."quantite" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id_souscription" serial PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"user_id" integer,
	"statut" integer DEFAULT 2 NOT NULL,
	"etape" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_statut_ck" CHECK ("subscriptions"."statut" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "tariff_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_contrat" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"id_offre_actuelle" integer NOT NULL,
	"id_offre_cible" integer NOT NULL,
	"action" integer NOT NULL,
	"immediat" boolean NOT NULL,
	"date_effet" date NOT NULL,
	"statut" text DEFAULT 'EN_ATTENTE' NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"annule_le" timestamp with time zone,
	"applique_le" timestamp with time zone,
	CONSTRAINT "tariff_changes_action_ck" CHECK ("tariff_changes"."action" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sso_client_contexts" (
	"id_contexte" text PRIMARY KEY NOT NULL,
	"id_rh" text NOT NULL,
	"url_appel" text NOT NULL,
	"est_connexion_ok" boolean NOT NULL,
	"email" text,
	"id_client_lpm" text,
	"id_coclico" text,
	"id_souscription_lpm" text,
	"type_contexte_client" text,
	"est_gestionnaire" boolean,
	"id_client_bscs" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "engagement_mois" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "zones" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "commercialise" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_promotions" ADD CONSTRAINT "catalog_promotions_id_offre_engagement_offers_id_offre_engagement_fk" FOREIGN KEY ("id_offre_engagement") REFERENCES "public"."offers"("id_offre_engagement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_id_souscription_subscriptions_id_souscription_fk" FOREIGN KEY ("id_souscription") REFERENCES "public"."subscriptions"("id_souscription") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_souscription_subscriptions_id_souscription_fk" FOREIGN KEY ("id_souscription") REFERENCES "public"."subscriptions"("id_souscription") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_point_de_vente_points_of_sale_id_point_de_vente_fk" FOREIGN KEY ("id_point_de_vente") REFERENCES "public"."points_of_sale"("id_point_de_vente") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_id_souscription_subscriptions_id_souscription_fk" FOREIGN KEY ("id_souscription") REFERENCES "public"."subscriptions"("id_souscription") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_line_articles" ADD CONSTRAINT "subscription_line_articles_id_ligne_subscription_lines_id_ligne_fk" FOREIGN KEY ("id_ligne") REFERENCES "public"."subscription_lines"("id_ligne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_line_options" ADD CONSTRAINT "subscription_line_options_id_ligne_subscription_lines_id_ligne_fk" FOREIGN KEY ("id_ligne") REFERENCES "public"."subscription_lines"("id_ligne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_line_options" ADD CONSTRAINT "subscription_line_options_id_option_catalog_options_id_option_fk" FOREIGN KEY ("id_option") REFERENCES "public"."catalog_options"("id_option") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_line_promotions" ADD CONSTRAINT "subscription_line_promotions_id_ligne_subscription_lines_id_ligne_fk" FOREIGN KEY ("id_ligne") REFERENCES "public"."subscription_lines"("id_ligne") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_line_promotions" ADD CONSTRAINT "subscription_line_promotions_id_promotion_catalog_promotions_id_promotion_fk" FOREIGN KEY ("id_promotion") REFERENCES "public"."catalog_promotions"("id_promotion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_id_souscription_subscriptions_id_souscription_fk" FOREIGN KEY ("id_souscription") REFERENCES "public"."subscriptions"("id_souscription") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_id_offre_engagement_offers_id_offre_engagement_fk" FOREIGN KEY ("id_offre_engagement") REFERENCES "public"."offers"("id_offre_engagement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_id_article_mobile_catalog_phones_id_article_fk" FOREIGN KEY ("id_article_mobile") REFERENCES "public"."catalog_phones"("id_article") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_id_assurance_catalog_insurances_id_assurance_fk" FOREIGN KEY ("id_assurance") REFERENCES "public"."catalog_insurances"("id_assurance") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_id_offre_actuelle_offers_id_offre_engagement_fk" FOREIGN KEY ("id_offre_actuelle") REFERENCES "public"."offers"("id_offre_engagement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_id_offre_cible_offers_id_offre_engagement_fk" FOREIGN KEY ("id_offre_cible") REFERENCES "public"."offers"("id_offre_engagement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_changes" ADD CONSTRAINT "tariff_changes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_client_contexts" ADD CONSTRAINT "sso_client_contexts_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_promotions_code_uq" ON "catalog_promotions" USING btree ("code_promo");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_documents_cle_uq" ON "customer_documents" USING btree ("cle_stockage");--> statement-breakpoint
CREATE INDEX "customer_documents_account_idx" ON "customer_documents" USING btree ("id_client_bscs","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_numero_uq" ON "orders" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("id_client_bscs","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("id_client_bscs","created_at");--> statement-breakpoint
CREATE INDEX "risk_decisions_account_idx" ON "risk_decisions" USING btree ("id_client_bscs","created_at");--> statement-breakpoint
CREATE INDEX "subscription_lines_subscription_idx" ON "subscription_lines" USING btree ("id_souscription");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("id_client_bscs");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_changes_pending_uq" ON "tariff_changes" USING btree ("id_contrat") WHERE "tariff_changes"."statut" = 'EN_ATTENTE';--> statement-breakpoint
CREATE INDEX "tariff_changes_account_idx" ON "tariff_changes" USING btree ("id_client_bscs");