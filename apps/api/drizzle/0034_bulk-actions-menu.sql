-- The job centre of bulk actions in the header menu, under « Mon entreprise » (decision 050).
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "url", "ordre") VALUES
  (423, 42, 'module', 'Actions groupées', '/mon-compte/traitements', 3)
ON CONFLICT ("id") DO NOTHING;
