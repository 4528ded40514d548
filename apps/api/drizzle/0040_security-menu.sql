-- The user's own security page (issue 29: authenticator app, recovery codes, sessions) in the
-- header menu, under « Mon compte » › « Mes informations », for every signed-in user.
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "url", "ordre") VALUES
  (413, 41, 'module', 'Sécurité', '/mon-compte/securite', 3)
ON CONFLICT ("id") DO NOTHING;
