ALTER TABLE "line_usage_days" DROP CONSTRAINT "line_usage_days_id_contrat_contracts_id_contrat_fk";
--> statement-breakpoint
ALTER TABLE "usage_events" DROP CONSTRAINT "usage_events_id_contrat_contracts_id_contrat_fk";
