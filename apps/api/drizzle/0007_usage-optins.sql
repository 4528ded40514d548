CREATE TABLE "contact_optins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"id_client_bscs" integer,
	"email_marketing" boolean DEFAULT false NOT NULL,
	"sms_marketing" boolean DEFAULT false NOT NULL,
	"email_actualites" boolean DEFAULT false NOT NULL,
	"sms_actualites" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	CONSTRAINT "contact_optins_one_owner" CHECK ((user_id is null) <> (id_client_bscs is null))
);
--> statement-breakpoint
CREATE TABLE "line_usage" (
	"id_contrat" integer NOT NULL,
	"periode" date NOT NULL,
	"voix_minutes" integer NOT NULL,
	"sms" integer NOT NULL,
	"data_mo" integer NOT NULL,
	"hors_forfait_centimes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_usage_id_contrat_periode_pk" PRIMARY KEY("id_contrat","periode")
);
--> statement-breakpoint
ALTER TABLE "contact_optins" ADD CONSTRAINT "contact_optins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_optins" ADD CONSTRAINT "contact_optins_id_client_bscs_billing_accounts_id_client_bscs_fk" FOREIGN KEY ("id_client_bscs") REFERENCES "public"."billing_accounts"("id_client_bscs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_usage" ADD CONSTRAINT "line_usage_id_contrat_contracts_id_contrat_fk" FOREIGN KEY ("id_contrat") REFERENCES "public"."contracts"("id_contrat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_optins_user_uq" ON "contact_optins" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_optins_account_uq" ON "contact_optins" USING btree ("id_client_bscs");