CREATE TABLE "payment_sandbox_sessions" (
	"transaction_reference" text PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"outcome" text,
	"card_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_sandbox_sessions_expires_idx" ON "payment_sandbox_sessions" USING btree ("expires_at");