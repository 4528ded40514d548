-- Allowance and included options of the plans shipped by 0003_reference-data (docs/decisions/014
-- and 016). A plan is filled in only while its new columns are still at their defaults, so an
-- operator's change is never overwritten and a second run changes nothing.
UPDATE "offers" SET "data_mo" = 5120, "data_illimitee" = false, "options_incluses" = ARRAY['Appels et SMS illimités en France', 'Messagerie vocale visuelle']::text[]
WHERE "id_offre_engagement" = 101 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = 51200, "data_illimitee" = false, "options_incluses" = ARRAY['Appels et SMS illimités en France', '10 Go en Europe', 'Messagerie vocale visuelle']::text[]
WHERE "id_offre_engagement" = 102 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = 153600, "data_illimitee" = false, "options_incluses" = ARRAY['Appels et SMS illimités en France', '25 Go en Europe', 'Accès 5G', 'Multi-SIM data']::text[]
WHERE "id_offre_engagement" = 103 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = NULL, "data_illimitee" = true, "options_incluses" = ARRAY['Appels et SMS illimités en France', '50 Go en Europe et zone Affaires', 'Accès 5G', 'Multi-SIM data']::text[]
WHERE "id_offre_engagement" = 104 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = 100, "data_illimitee" = false, "options_incluses" = ARRAY['2 h d’appels en France', 'SMS illimités en France']::text[]
WHERE "id_offre_engagement" = 105 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = 20480, "data_illimitee" = false, "options_incluses" = ARRAY['Partage de connexion']::text[]
WHERE "id_offre_engagement" = 106 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
--> statement-breakpoint
UPDATE "offers" SET "data_mo" = NULL, "data_illimitee" = false, "options_incluses" = ARRAY['Ligne fixe avec appels illimités vers les fixes', 'Wi-Fi 6']::text[]
WHERE "id_offre_engagement" = 201 AND "data_mo" IS NULL AND "data_illimitee" = false AND "options_incluses" = '{}'::text[];
