-- The fleet's pages in the header menu, under « Mon entreprise »: the job centre of bulk actions
-- (decision 050), the cost centres (048) and the scheduled reports (052).
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "url", "ordre") VALUES
  (423, 42, 'module', 'Actions groupées', '/mon-compte/traitements', 3),
  (424, 42, 'module', 'Centres de coût', '/mon-compte/centres-de-cout', 4),
  (425, 42, 'module', 'Rapports programmés', '/mon-compte/rapports', 5)
ON CONFLICT ("id") DO NOTHING;
