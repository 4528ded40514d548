-- « Nos offres » leads to the shop's catalogue instead of a placeholder address, for the accounts
-- its pages serve, with its two pages under it (decision 035); an address an operator changed
-- is left alone.
UPDATE "menu_items" SET "url" = '/mon-forfait/forfaits', "requires_account" = true
WHERE "id" = 6 AND "url" = 'https://www.example.com/offres-pro';
--> statement-breakpoint
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "ordre", "url") VALUES
  (61, 6, 'sousRubrique', 'Catalogue', 1, NULL),
  (611, 61, 'module', 'Téléphones', 1, '/mon-telephone/catalogue'),
  (612, 61, 'module', 'Forfaits mobiles', 2, '/mon-forfait/forfaits')
ON CONFLICT ("id") DO NOTHING;
