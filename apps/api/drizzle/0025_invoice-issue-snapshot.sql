-- What an invoice shows is frozen when it is issued (decision 025): the customer, the payment mode
-- and each line's user. Existing invoices keep what they show today: the account's and lines'
-- present values are copied into them once, here.
ALTER TABLE "invoice_items" ADD COLUMN "utilisateur" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mode_paiement" text;--> statement-breakpoint
UPDATE "invoice_items" AS "item" SET "utilisateur" = nullif(concat_ws(' ',
  CASE WHEN trim(coalesce("contract"."utilisateur_prenom", '')) <> '' THEN "contract"."utilisateur_prenom" END,
  CASE WHEN trim(coalesce("contract"."utilisateur_nom", '')) <> '' THEN "contract"."utilisateur_nom" END), '')
FROM "contracts" AS "contract"
WHERE "contract"."id_contrat" = "item"."id_contrat";--> statement-breakpoint
UPDATE "invoices" AS "invoice" SET "client" = jsonb_build_object(
  'codeClientBscs', "account"."code_client_bscs",
  'raisonSociale', "account"."raison_sociale",
  'sirenSiret', "account"."siren_siret",
  'adresse', jsonb_build_object('numero', "account"."adresse_numero", 'voie', "account"."adresse_voie", 'codePostal', "account"."adresse_code_postal", 'ville', "account"."adresse_ville"))
FROM "billing_accounts" AS "account"
WHERE "account"."id_client_bscs" = "invoice"."id_client_bscs";--> statement-breakpoint
UPDATE "invoices" AS "invoice" SET "mode_paiement" = coalesce(
  (SELECT "settings"."mode_paiement" FROM "account_payment_settings" AS "settings" WHERE "settings"."id_client_bscs" = "invoice"."id_client_bscs"),
  'VIREMENT');--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "client" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "mode_paiement" SET NOT NULL;
