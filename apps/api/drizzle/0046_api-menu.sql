-- The public API's keys and webhooks (decisions 061, 062) in the header menu, under « Mon entreprise ».
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "url", "ordre") VALUES
  (426, 42, 'module', 'API et webhooks', '/mon-compte/api', 6)
ON CONFLICT ("id") DO NOTHING;
