-- The orders list in the header menu, under « Gestion des lignes » (decision 036).
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "url", "ordre") VALUES
  (213, 21, 'module', 'Mes commandes', '/mon-compte/commandes', 3)
ON CONFLICT ("id") DO NOTHING;
