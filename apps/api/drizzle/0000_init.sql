CREATE TABLE "billing_accounts" (
	"id_client_bscs" integer PRIMARY KEY NOT NULL,
	"code_client_bscs" text NOT NULL,
	"company_id" integer NOT NULL,
	"statut" text NOT NULL,
	"statut_contrat_fixe" text,
	"siren_siret" text NOT NULL,
	"raison_sociale" text NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"adresse_numero" text NOT NULL,
	"adresse_voie" text NOT NULL,
	"adresse_code_postal" text NOT NULL,
	"adresse_ville" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"raison_sociale" text NOT NULL,
	"siren" text NOT NULL,
	CONSTRAINT "companies_siren_unique" UNIQUE("siren")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id_contrat" integer PRIMARY KEY NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"numero_ligne" text NOT NULL,
	"code_statut" text NOT NULL,
	"id_gamme" integer NOT NULL,
	"id_offre_engagement" integer NOT NULL,
	"user_id" integer,
	"date_activation" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"nom" text NOT NULL,
	"url" text,
	"ordre" integer NOT NULL,
	"url_image" text,
	"chemin_image" text,
	"requires_account" boolean DEFAULT false NOT NULL,
	"account_statuses" text[],
	"id_gamme" integer
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id_offre_engagement" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"id_gamme" integer NOT NULL,
	"prix_mensuel_centimes" integer NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_parameters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_billing_accounts" (
	"user_id" integer NOT NULL,
	"id_client_bscs" integer NOT NULL,
	"is_gestionnaire" boolean NOT NULL,
	CONSTRAINT "user_billing_accounts_user_id_id_client_bscs_pk" PRIMARY KEY("user_id","id_client_bscs")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"prenom" text NOT NULL,
	"nom" text NOT NULL,
	"utilisateur" boolean DEFAULT false NOT NULL,
	"mandataire" boolean DEFAULT false NOT NULL,
	"gestionnaire" boolean DEFAULT false NOT NULL,
	"service_client" boolean DEFAULT false NOT NULL,
	"administration" boolean DEFAULT false NOT NULL,
	"id_client_bscs" integer,
	"id_client_bscs_mandataire" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_id_offre_engagement_offers_id_offre_engagement_fk" FOREIGN KEY ("id_offre_engagement") REFERENCES "public"."offers"("id_offre_engagement") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_billing_accounts" ADD CONSTRAINT "user_billing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_billing_accounts" ADD CONSTRAINT "user_billing_accounts_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_code_uq" ON "billing_accounts" USING btree ("code_client_bscs");--> statement-breakpoint
CREATE INDEX "billing_accounts_company_idx" ON "billing_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contracts_account_numero_idx" ON "contracts" USING btree ("id_client_bscs","numero_ligne");--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "menu_items_parent_idx" ON "menu_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "uba_account_idx" ON "user_billing_accounts" USING btree ("id_client_bscs");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");