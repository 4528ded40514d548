CREATE TABLE "agent_totp_factors" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" integer
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "mfa_obligatoire" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "contexte" jsonb;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "inscription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_totp_factors" ADD CONSTRAINT "agent_totp_factors_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_challenges_agent_idx" ON "mfa_challenges" USING btree ("agent_id");