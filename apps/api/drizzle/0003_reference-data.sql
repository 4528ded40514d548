-- Reference data every installation needs: the plan catalogue, the header menu and the server
-- parameters with their default values (docs/decisions/014). Rows already present (inserted by
-- the demo seed of earlier versions, or changed by an operator) are left as they are.
-- Generated from src/db/reference/ with `npx tsx src/db/reference/print-sql.ts`.
INSERT INTO "offers" ("id_offre_engagement", "libelle", "id_gamme", "prix_mensuel_centimes", "description") VALUES
  (101, 'Forfait Pro 5 Go', 1, 1499, 'Appels et SMS illimités, 5 Go en France'),
  (102, 'Forfait Pro 50 Go', 1, 2499, 'Appels et SMS illimités, 50 Go en France, 10 Go en Europe'),
  (103, 'Forfait Pro 150 Go 5G', 1, 3499, 'Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe'),
  (104, 'Forfait Pro Illimité 5G', 1, 5499, 'Internet illimité en 5G, 50 Go en Europe et zone Affaires'),
  (105, 'Forfait Voix Pro 2 h', 1, 799, '2 h d’appels, SMS illimités, 100 Mo'),
  (106, 'Data Pro 20 Go', 1, 1999, 'Carte SIM data seule pour tablette ou routeur, 20 Go'),
  (201, 'Box Pro Fibre', 2, 3990, 'Fibre jusqu’à 2 Gbit/s, ligne fixe incluse')
ON CONFLICT ("id_offre_engagement") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "ordre", "url", "requires_account", "account_statuses") VALUES
  (1, NULL, 'rubrique', 'Accueil', 1, '/pages/accueil', DEFAULT, DEFAULT),
  (2, NULL, 'rubrique', 'Mes lignes', 2, NULL, true, DEFAULT),
  (21, 2, 'sousRubrique', 'Gestion des lignes', 1, NULL, DEFAULT, DEFAULT),
  (211, 21, 'module', 'Vos lignes mobiles', 1, '/pages/mes-lignes-mobiles', DEFAULT, DEFAULT),
  (212, 21, 'module', 'Ajouter une ligne', 2, '/ajout-ligne/ajouter-une-ligne-mobile', DEFAULT, ARRAY['ACTIF']::text[]),
  (22, 2, 'sousRubrique', 'Téléphones et cartes SIM', 2, NULL, DEFAULT, DEFAULT),
  (221, 22, 'module', 'Nouveau téléphone', 1, '/mon-telephone/nouveau-telephone', DEFAULT, ARRAY['ACTIF']::text[]),
  (222, 22, 'module', 'Changer de forfait', 2, '/mon-forfait/changer-de-forfait', DEFAULT, ARRAY['ACTIF']::text[]),
  (223, 22, 'module', 'Activer une carte SIM', 3, '/mon-telephone/activation-sim', DEFAULT, DEFAULT),
  (23, 2, 'sousRubrique', 'Consommation', 3, NULL, DEFAULT, DEFAULT),
  (231, 23, 'module', 'Suivi conso', 1, '/ligne-mobile/consommation', DEFAULT, DEFAULT),
  (3, NULL, 'rubrique', 'Factures et paiements', 3, NULL, true, DEFAULT),
  (31, 3, 'sousRubrique', 'Factures', 1, NULL, DEFAULT, DEFAULT),
  (311, 31, 'module', 'Mes factures', 1, '/mon-compte/factures', DEFAULT, DEFAULT),
  (312, 31, 'module', 'Payer une facture', 2, '/mon-compte/paiement', DEFAULT, DEFAULT),
  (32, 3, 'sousRubrique', 'Prélèvement', 2, NULL, DEFAULT, DEFAULT),
  (321, 32, 'module', 'Coordonnées bancaires', 1, '/mon-compte/coordonnees-bancaires', DEFAULT, DEFAULT),
  (322, 32, 'module', 'Mandat SEPA', 2, '/mon-compte/mandat-sepa', DEFAULT, DEFAULT),
  (4, NULL, 'rubrique', 'Mon compte', 4, NULL, DEFAULT, DEFAULT),
  (41, 4, 'sousRubrique', 'Mes informations', 1, NULL, DEFAULT, DEFAULT),
  (411, 41, 'module', 'Mon profil', 1, '/mon-compte/profil', DEFAULT, DEFAULT),
  (412, 41, 'module', 'Changer mon code confidentiel', 2, '/mon-compte/code-confidentiel', DEFAULT, DEFAULT),
  (42, 4, 'sousRubrique', 'Mon entreprise', 2, NULL, true, DEFAULT),
  (421, 42, 'module', 'Utilisateurs des lignes', 1, '/mon-compte/utilisateurs', DEFAULT, DEFAULT),
  (422, 42, 'module', 'Préférences de contact', 2, '/mon-compte/preferences', DEFAULT, DEFAULT),
  (5, NULL, 'rubrique', 'Assistance', 5, NULL, DEFAULT, DEFAULT),
  (51, 5, 'sousRubrique', 'Aide en ligne', 1, NULL, DEFAULT, DEFAULT),
  (511, 51, 'module', 'Questions fréquentes', 1, '/assistance/faq', DEFAULT, DEFAULT),
  (512, 51, 'module', 'Service après vente', 2, '/assistance/sav', DEFAULT, DEFAULT),
  (52, 5, 'sousRubrique', 'Nous écrire', 2, NULL, DEFAULT, DEFAULT),
  (521, 52, 'module', 'Formulaire de contact', 1, '/assistance/formulaire-contact', DEFAULT, DEFAULT),
  (53, 5, 'sousRubrique', 'Sécurité', 3, NULL, DEFAULT, DEFAULT),
  (531, 53, 'module', 'Informations sécurité', 1, '/info-securite-ecare', DEFAULT, DEFAULT),
  (6, NULL, 'rubrique', 'Nos offres', 6, 'https://www.example.com/offres-pro', DEFAULT, DEFAULT)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "server_parameters" ("name", "value") VALUES
  ('est_Bdp', 'false'),
  ('hidE_CAPTCHA', 'true'),
  ('reCAPTCHA_JS', 'https://www.google.com/recaptcha/api.js?render='),
  ('reCAPTCHA_ClientKey', ''),
  ('messageAuthentification', ''),
  ('messagE_REINIT_MOTDEPASSE', ''),
  ('en_maintenance', 'false'),
  ('titrE_BANDEAU', ''),
  ('activeR_RESSOURCES_EXTERNES', 'false'),
  ('environment_MachineName', ''),
  ('activer', 'True')
ON CONFLICT ("name") DO NOTHING;
