-- Commitment (0, 12 or 24 months), zones and whether it is still sold, for the plans shipped by
-- 0003_reference-data (docs/decisions/035). A plan is filled in only while these columns are still at
-- the defaults of 0018, so an operator's change is never overwritten and a second run changes nothing.
UPDATE "offers" SET "engagement_mois" = 24, "zones" = ARRAY['France']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 101 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 24, "zones" = ARRAY['France', 'Europe']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 102 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 24, "zones" = ARRAY['France', 'Europe']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 103 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 24, "zones" = ARRAY['France', 'Europe', 'Zone Affaires']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 104 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 12, "zones" = ARRAY['France']::text[], "commercialise" = false
WHERE "id_offre_engagement" = 105 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 0, "zones" = ARRAY['France']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 106 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
UPDATE "offers" SET "engagement_mois" = 24, "zones" = ARRAY['France']::text[], "commercialise" = true
WHERE "id_offre_engagement" = 201 AND "engagement_mois" = 24 AND "zones" = '{}'::text[] AND "commercialise" = true;
--> statement-breakpoint
-- Plans without commitment and with a 12-month commitment, then the shop's catalogue: phones,
-- options by family, accessories, insurances, promotions and points of sale (decision 035).
INSERT INTO "offers" ("id_offre_engagement", "libelle", "id_gamme", "prix_mensuel_centimes", "description", "data_mo", "data_illimitee", "options_incluses", "engagement_mois", "zones", "commercialise") VALUES
  (107, 'Forfait Pro 20 Go sans engagement', 1, 1999, 'Appels et SMS illimités, 20 Go en France, sans engagement', 20480, false, ARRAY['Appels et SMS illimités en France', 'Messagerie vocale visuelle']::text[], 0, ARRAY['France', 'Europe']::text[], true),
  (108, 'Forfait Pro 100 Go 5G 12 mois', 1, 2999, 'Appels et SMS illimités, 100 Go en 5G, 20 Go en Europe, engagement 12 mois', 102400, false, ARRAY['Appels et SMS illimités en France', '20 Go en Europe', 'Accès 5G']::text[], 12, ARRAY['France', 'Europe']::text[], true),
  (109, 'Forfait Pro Illimité 5G sans engagement', 1, 6499, 'Internet illimité en 5G, 50 Go en Europe et zone Affaires, sans engagement', NULL, true, ARRAY['Appels et SMS illimités en France', '50 Go en Europe et zone Affaires', 'Accès 5G', 'Multi-SIM data']::text[], 0, ARRAY['France', 'Europe', 'Zone Affaires']::text[], true)
ON CONFLICT ("id_offre_engagement") DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalog_phones" ("id_article", "marque", "modele", "description", "couleurs", "stockage_go", "esim", "cinq_g", "prix_nu_centimes", "prix_avec_forfait_centimes", "stock", "image", "commercialise", "ordre") VALUES
  (1001, 'Apple', 'iPhone 17', 'Écran 6,3 pouces ProMotion, puce A19, double appareil photo 48 Mpx', ARRAY['Noir', 'Blanc', 'Sauge', 'Bleu brume']::text[], 256, true, true, 80750, 32900, 42, 'iphone-17.svg', true, 1),
  (1002, 'Apple', 'iPhone 17 Pro', 'Écran 6,3 pouces, puce A19 Pro, triple appareil photo 48 Mpx, boîtier aluminium', ARRAY['Argent', 'Orange cosmique', 'Bleu intense']::text[], 256, true, true, 110750, 59900, 18, 'iphone-17-pro.svg', true, 2),
  (1003, 'Apple', 'iPhone 17 Pro Max', 'Écran 6,9 pouces, puce A19 Pro, la plus grande autonomie d’un iPhone', ARRAY['Argent', 'Orange cosmique', 'Bleu intense']::text[], 512, true, true, 140750, 84900, 0, 'iphone-17-pro-max.svg', true, 3),
  (1004, 'Apple', 'iPhone Air', 'Écran 6,5 pouces, 5,6 mm d’épaisseur, eSIM uniquement', ARRAY['Noir sidéral', 'Blanc nuage', 'Or clair', 'Bleu ciel']::text[], 256, true, true, 102400, 52900, 9, 'iphone-air.svg', true, 4),
  (1005, 'Apple', 'iPhone 16e', 'Écran 6,1 pouces, puce A18, appareil photo 48 Mpx', ARRAY['Noir', 'Blanc']::text[], 128, true, true, 59900, 19900, 35, 'iphone-16e.svg', true, 5),
  (1006, 'Samsung', 'Galaxy S25', 'Écran 6,2 pouces Dynamic AMOLED 2X, Snapdragon 8 Elite, Galaxy AI', ARRAY['Bleu nuit', 'Menthe', 'Argent glacier']::text[], 128, true, true, 74900, 27900, 27, 'galaxy-s25.svg', true, 6),
  (1007, 'Samsung', 'Galaxy S25 Ultra', 'Écran 6,9 pouces, S Pen intégré, capteur photo 200 Mpx', ARRAY['Titane noir', 'Titane gris', 'Titane argent']::text[], 256, true, true, 112400, 62900, 12, 'galaxy-s25-ultra.svg', true, 7),
  (1008, 'Samsung', 'Galaxy S25 FE', 'Écran 6,7 pouces, batterie 4 900 mAh, 7 ans de mises à jour', ARRAY['Bleu marine', 'Blanc', 'Bleu glacier']::text[], 128, true, true, 57400, 16900, 31, 'galaxy-s25-fe.svg', true, 8),
  (1009, 'Samsung', 'Galaxy Z Flip7', 'Pliable à clapet, écran externe 4,1 pouces, Exynos 2500', ARRAY['Bleu nuit', 'Rouge corail', 'Noir']::text[], 256, true, true, 99900, 49900, 0, 'galaxy-z-flip7.svg', true, 9),
  (1010, 'Samsung', 'Galaxy A56 5G', 'Écran 6,7 pouces Super AMOLED, certifié IP67', ARRAY['Graphite', 'Gris clair', 'Rose']::text[], 128, true, true, 37400, 4900, 64, 'galaxy-a56.svg', true, 10),
  (1011, 'Samsung', 'Galaxy A16', 'Écran 6,7 pouces, 4G, six ans de mises à jour de sécurité', ARRAY['Noir', 'Gris']::text[], 128, false, false, 15700, 100, 80, 'galaxy-a16.svg', true, 11),
  (1012, 'Samsung', 'Galaxy XCover7 Pro', 'Renforcé, certifié IP68 et MIL-STD-810H, batterie amovible, touche programmable', ARRAY['Noir']::text[], 128, true, true, 49900, 14900, 22, 'galaxy-xcover7-pro.svg', true, 12),
  (1013, 'Google', 'Pixel 10', 'Écran 6,3 pouces, puce Tensor G5, téléobjectif 5x', ARRAY['Obsidienne', 'Givre', 'Indigo', 'Citronnelle']::text[], 128, true, true, 74900, 27900, 15, 'pixel-10.svg', true, 13),
  (1014, 'Google', 'Pixel 10 Pro', 'Écran 6,3 pouces Super Actua, triple appareil photo 50 Mpx, 16 Go de mémoire vive', ARRAY['Obsidienne', 'Porcelaine', 'Vert lichen']::text[], 256, true, true, 99900, 49900, 7, 'pixel-10-pro.svg', true, 14),
  (1015, 'Google', 'Pixel 9a', 'Écran 6,3 pouces Actua, puce Tensor G4, certifié IP68', ARRAY['Obsidienne', 'Porcelaine', 'Iris']::text[], 128, true, true, 45700, 9900, 40, 'pixel-9a.svg', true, 15),
  (1016, 'Xiaomi', 'Xiaomi 15T', 'Écran 6,83 pouces AMOLED, optique Leica, charge rapide 67 W', ARRAY['Noir', 'Gris', 'Or rose']::text[], 256, true, true, 54900, 15900, 19, 'xiaomi-15t.svg', true, 16),
  (1017, 'Xiaomi', 'Redmi Note 14 Pro 5G', 'Écran 6,67 pouces AMOLED, capteur 200 Mpx, certifié IP68', ARRAY['Noir minuit', 'Bleu océan', 'Violet lavande']::text[], 256, false, true, 33200, 2900, 0, 'redmi-note-14-pro.svg', true, 17),
  (1018, 'Fairphone', 'Fairphone (Gen. 6)', 'Conçu pour être réparé, batterie remplaçable, garantie 5 ans', ARRAY['Noir', 'Vert', 'Jaune']::text[], 256, true, true, 49100, 13900, 14, 'fairphone-6.svg', true, 18),
  (1019, 'Motorola', 'edge 60', 'Écran incurvé 6,67 pouces pOLED, certifié IP68 et IP69', ARRAY['Gibraltar Sea', 'Shamrock']::text[], 256, true, true, 33200, 2900, 23, 'motorola-edge-60.svg', true, 19),
  (1020, 'Nothing', 'Phone (3a)', 'Écran 6,77 pouces, interface Glyph, téléobjectif périscope 3x', ARRAY['Noir', 'Blanc', 'Bleu']::text[], 256, true, true, 31600, 1900, 11, 'nothing-phone-3a.svg', true, 20),
  (1021, 'Crosscall', 'Core-Z5', 'Renforcé pour les métiers de terrain, certifié IP68, garantie 5 ans', ARRAY['Noir']::text[], 128, false, true, 49900, 14900, 16, 'crosscall-core-z5.svg', true, 21),
  (1022, 'Honor', 'Honor 400', 'Écran 6,55 pouces AMOLED, capteur 200 Mpx, batterie 5 300 mAh', ARRAY['Noir minuit', 'Or désert']::text[], 256, false, true, 41500, 7900, 8, 'honor-400.svg', true, 22)
ON CONFLICT ("id_article") DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalog_options" ("id_option", "famille", "libelle", "description", "prix_mensuel_centimes", "commercialise", "ordre") VALUES
  (3001, 'INTERNATIONAL', 'International 2 h', '2 h d’appels depuis la France vers les fixes et mobiles de 60 pays', 1000, true, 1),
  (3002, 'INTERNATIONAL', 'International illimité', 'Appels illimités depuis la France vers les fixes de 100 pays et les mobiles de 40 pays', 2000, true, 2),
  (3003, 'EUROPE', 'Europe 10 Go', '10 Go d’internet mobile supplémentaires en Union européenne et DOM', 500, true, 1),
  (3004, 'EUROPE', 'Europe 30 Go', '30 Go d’internet mobile supplémentaires en Union européenne et DOM', 1000, true, 2),
  (3005, 'SUISSE_ANDORRE', 'Suisse et Andorre', 'Appels, SMS illimités et 10 Go d’internet en Suisse et en Andorre', 800, true, 1),
  (3006, 'SATELLITE', 'Messages par satellite', 'SMS et localisation par satellite hors couverture du réseau, avec un téléphone compatible', 500, true, 1),
  (3007, 'ZONE_AFFAIRES', 'Zone Affaires 10 Go', 'Appels, SMS et 10 Go d’internet aux États-Unis, au Canada, au Royaume-Uni et en Chine', 1500, true, 1),
  (3008, 'ZONE_ETENDUE', 'Zone étendue 5 Go', 'Appels, SMS et 5 Go d’internet dans 60 destinations hors Europe (Maghreb, Turquie, Moyen-Orient, Asie)', 2000, true, 1),
  (3009, 'ZONE_NON_GROUPEE', 'Pass voyage zone non groupée', '1 h d’appels et 2 Go d’internet par mois dans les pays hors zones', 2500, true, 1),
  (3010, 'BLOCAGE_NUMEROS_SPECIAUX', 'Blocage des numéros spéciaux', 'Bloque les appels et SMS vers les numéros surtaxés (08 9x, 36 xx, SMS+)', 0, true, 1),
  (3011, 'FACTURE_DETAILLEE', 'Facture détaillée', 'Le détail de chaque appel, SMS et connexion sur la facture de la ligne', 0, true, 1),
  (3012, 'INTERNET_4G', 'Internet 4G 10 Go supplémentaires', '10 Go d’internet mobile de plus chaque mois en France', 500, true, 1),
  (3013, 'INTERNET_5G', 'Accès 5G', 'Le réseau 5G sur l’enveloppe du forfait, avec un téléphone compatible', 300, true, 1),
  (3014, 'INTERNET_5G', '5G 50 Go supplémentaires', 'Accès 5G et 50 Go d’internet mobile de plus chaque mois en France', 1000, true, 2),
  (3015, 'TARIF_MINUTE', 'Appels au tarif minute', 'Appels au-delà du forfait facturés 0,15 € HT la minute, sans blocage', 0, true, 1),
  (3016, 'INTERNET_4G', 'Internet 4G 1 Go supplémentaire', 'Ancienne option : 1 Go d’internet mobile de plus chaque mois', 200, false, 9)
ON CONFLICT ("id_option") DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalog_accessories" ("id_article", "libelle", "categorie", "description", "prix_centimes", "stock", "image", "compatibles", "commercialise") VALUES
  (2001, 'Coque transparente MagSafe pour iPhone 17', 'Coque', 'Polycarbonate transparent, aimants MagSafe intégrés', 4100, 60, 'coque-iphone.svg', ARRAY[1001, 1002, 1003]::integer[], true),
  (2002, 'Coque renforcée pour Galaxy S25', 'Coque', 'Protection contre les chutes jusqu’à 3 m, béquille intégrée', 2900, 45, 'coque-galaxy.svg', ARRAY[1006, 1007, 1008]::integer[], true),
  (2003, 'Protection d’écran en verre trempé', 'Protection d’écran', 'Verre trempé 9H, pose guidée, pour tous les modèles du catalogue', 1650, 200, 'verre-trempe.svg', '{}', true),
  (2004, 'Chargeur secteur USB-C 25 W', 'Chargeur', 'Charge rapide Power Delivery, câble non fourni', 1650, 120, 'chargeur-25w.svg', '{}', true),
  (2005, 'Chargeur secteur USB-C 45 W GaN', 'Chargeur', 'Deux ports USB-C, charge un téléphone et un ordinateur portable', 3300, 0, 'chargeur-45w.svg', '{}', true),
  (2006, 'Chargeur à induction 15 W', 'Chargeur', 'Socle Qi2 pour bureau, compatible MagSafe', 3300, 35, 'chargeur-induction.svg', '{}', true),
  (2007, 'Câble USB-C vers USB-C 1 m', 'Câble', 'Tressé, 60 W, transfert de données USB 2.0', 1250, 150, 'cable-usbc.svg', '{}', true),
  (2008, 'Écouteurs sans fil à réduction de bruit', 'Audio', 'Bluetooth 5.3, réduction de bruit active, 30 h d’autonomie avec l’étui', 8250, 25, 'ecouteurs.svg', '{}', true),
  (2009, 'Micro-casque Bluetooth professionnel', 'Audio', 'Deux micros antibruit, certifié pour les outils de visioconférence', 12400, 10, 'micro-casque.svg', '{}', true),
  (2010, 'Support voiture magnétique', 'Support', 'Fixation sur grille d’aération, rotation à 360°', 2050, 70, 'support-voiture.svg', '{}', true),
  (2011, 'Batterie externe 10 000 mAh', 'Batterie', 'USB-C 20 W, recharge un téléphone deux fois', 2900, 55, 'batterie-externe.svg', '{}', true)
ON CONFLICT ("id_article") DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalog_insurances" ("id_assurance", "libelle", "description", "prix_mensuel_centimes", "franchise_centimes", "plafond_prix_mobile_centimes", "commercialise") VALUES
  (4001, 'Assurance Casse', 'Casse accidentelle et oxydation, réparation ou remplacement sous 48 h', 499, 4900, 50000, true),
  (4002, 'Assurance Casse et Vol', 'Casse, oxydation, vol avec effraction ou agression, remplacement sous 48 h', 832, 7900, 100000, true),
  (4003, 'Assurance Intégrale', 'Casse, oxydation, vol et perte, deux sinistres par an, téléphone de prêt', 1165, 9900, 160000, true)
ON CONFLICT ("id_assurance") DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalog_promotions" ("id_promotion", "libelle", "conditions", "code_promo", "cible", "type", "valeur", "duree_mois", "id_offre_engagement", "id_article", "debut", "fin") VALUES
  (5001, '20 % de remise pendant 6 mois sur le forfait', 'Pour toute nouvelle ligne avec un forfait mobile, avec le code PRO2026, du 1er janvier au 31 décembre 2026.', 'PRO2026', 'FORFAIT', 'POURCENTAGE', 2000, 6, NULL, NULL, '2026-01-01', '2026-12-31'),
  (5002, '5 € de remise par mois pendant 12 mois', 'Sur le Forfait Pro Illimité 5G, appliquée d’office à chaque nouvelle ligne.', NULL, 'FORFAIT', 'MONTANT', 500, 12, 104, NULL, '2025-09-01', NULL),
  (5003, '50 € de remise sur le téléphone', 'Pour l’achat d’un téléphone avec un forfait mobile, avec le code BIENVENUE.', 'BIENVENUE', 'MOBILE', 'MONTANT', 5000, NULL, NULL, NULL, '2025-09-01', '2026-12-31'),
  (5004, '100 € de remise sur l’iPhone 17', 'Pour l’achat d’un iPhone 17, avec le code IPHONE17, jusqu’au 31 mars 2027.', 'IPHONE17', 'MOBILE', 'MONTANT', 10000, NULL, NULL, 1001, '2025-09-19', '2027-03-31'),
  (5005, '30 % de remise sur un accessoire', 'Sur un accessoire commandé avec une ligne, avec le code ACCESS30.', 'ACCESS30', 'ACCESSOIRE', 'POURCENTAGE', 3000, NULL, NULL, NULL, '2026-01-01', '2026-12-31'),
  (5006, '3 € de remise par mois pendant 6 mois (offre d’été)', 'Offre terminée le 31 août 2025.', 'ETE2025', 'FORFAIT', 'MONTANT', 300, 6, NULL, NULL, '2025-06-01', '2025-08-31'),
  (5007, '10 € de remise par mois pendant 3 mois (offre de printemps)', 'Du 1er mars au 31 mai 2027, avec le code PRINTEMPS2027.', 'PRINTEMPS2027', 'FORFAIT', 'MONTANT', 1000, 3, NULL, NULL, '2027-03-01', '2027-05-31')
ON CONFLICT ("id_promotion") DO NOTHING;
--> statement-breakpoint
INSERT INTO "points_of_sale" ("id_point_de_vente", "nom", "adresse", "code_postal", "ville", "horaires") VALUES
  (1, 'Boutique Paris Opéra', '32 boulevard Haussmann', '75009', 'Paris', 'Du lundi au samedi de 9 h 30 à 20 h'),
  (2, 'Boutique Paris La Défense', '15 parvis de la Défense', '92800', 'Puteaux', 'Du lundi au vendredi de 9 h à 19 h 30'),
  (3, 'Boutique Lyon Part-Dieu', '17 rue du Docteur Bouchut', '69003', 'Lyon', 'Du lundi au samedi de 10 h à 19 h'),
  (4, 'Boutique Marseille Saint-Ferréol', '48 rue Saint-Ferréol', '13001', 'Marseille', 'Du lundi au samedi de 10 h à 19 h'),
  (5, 'Boutique Lille Grand Place', '9 rue Neuve', '59000', 'Lille', 'Du lundi au samedi de 10 h à 19 h'),
  (6, 'Boutique Bordeaux Sainte-Catherine', '112 rue Sainte-Catherine', '33000', 'Bordeaux', 'Du lundi au samedi de 10 h à 19 h'),
  (7, 'Boutique Toulouse Capitole', '21 rue d’Alsace-Lorraine', '31000', 'Toulouse', 'Du lundi au samedi de 10 h à 19 h'),
  (8, 'Boutique Nantes Commerce', '4 rue de la Barillerie', '44000', 'Nantes', 'Du lundi au samedi de 10 h à 19 h'),
  (9, 'Boutique Strasbourg Kléber', '25 rue des Grandes Arcades', '67000', 'Strasbourg', 'Du lundi au samedi de 10 h à 19 h'),
  (10, 'Boutique Nice Masséna', '38 avenue Jean Médecin', '06000', 'Nice', 'Du lundi au samedi de 10 h à 19 h'),
  (11, 'Boutique Rennes République', '6 quai Lamartine', '35000', 'Rennes', 'Du mardi au samedi de 10 h à 19 h'),
  (12, 'Boutique Dijon Liberté', '54 rue de la Liberté', '21000', 'Dijon', 'Du mardi au samedi de 9 h 30 à 19 h')
ON CONFLICT ("id_point_de_vente") DO NOTHING;
--> statement-breakpoint
-- The tariffs page lists every plan: plans 107 to 109 are added to its table, where the page is still as 0008 shipped it.
UPDATE "legal_pages" SET "contenu_html" = '<h2>Ce que contient chaque document</h2>
<p>Vos contrats {{marque}} sont régis par trois documents contractuels, applicables dans la version indiquée sur cette page et téléchargeables au format PDF&nbsp;:</p>
<ul>
<li><strong>Conditions générales de vente</strong> (<abbr title="conditions générales de vente">CGV</abbr>)&nbsp;: la commande, la livraison et la garantie des équipements (téléphones, cartes SIM, box, accessoires).</li>
<li><strong>Conditions générales d’abonnement</strong> (<abbr title="conditions générales d’abonnement">CGA</abbr>)&nbsp;: les services mobiles et internet, la durée et l’engagement, la facturation, la suspension et la résiliation.</li>
<li><strong>Guide tarifaire</strong> (<abbr title="guide tarifaire">GT</abbr>)&nbsp;: le prix des forfaits, des options, des communications hors forfait et des frais de service.</li>
</ul>
<h2>Le prix de nos forfaits</h2>
<table>
<caption>Prix mensuel des forfaits, hors taxes et toutes taxes comprises</caption>
<thead><tr><th scope="col">Forfait</th><th scope="col">Ce qui est inclus</th><th scope="col">Prix HT par mois</th><th scope="col">Prix TTC par mois</th></tr></thead>
<tbody><tr><th scope="row">Forfait Pro 5 Go</th><td>Appels et SMS illimités, 5 Go en France</td><td>14,99&nbsp;€</td><td>17,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 50 Go</th><td>Appels et SMS illimités, 50 Go en France, 10 Go en Europe</td><td>24,99&nbsp;€</td><td>29,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 150 Go 5G</th><td>Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe</td><td>34,99&nbsp;€</td><td>41,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro Illimité 5G</th><td>Internet illimité en 5G, 50 Go en Europe et zone Affaires</td><td>54,99&nbsp;€</td><td>65,99&nbsp;€</td></tr><tr><th scope="row">Forfait Voix Pro 2 h</th><td>2 h d’appels, SMS illimités, 100 Mo</td><td>7,99&nbsp;€</td><td>9,59&nbsp;€</td></tr><tr><th scope="row">Data Pro 20 Go</th><td>Carte SIM data seule pour tablette ou routeur, 20 Go</td><td>19,99&nbsp;€</td><td>23,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 20 Go sans engagement</th><td>Appels et SMS illimités, 20 Go en France, sans engagement</td><td>19,99&nbsp;€</td><td>23,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 100 Go 5G 12 mois</th><td>Appels et SMS illimités, 100 Go en 5G, 20 Go en Europe, engagement 12 mois</td><td>29,99&nbsp;€</td><td>35,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro Illimité 5G sans engagement</th><td>Internet illimité en 5G, 50 Go en Europe et zone Affaires, sans engagement</td><td>64,99&nbsp;€</td><td>77,99&nbsp;€</td></tr><tr><th scope="row">Box Pro Fibre</th><td>Fibre jusqu’à 2 Gbit/s, ligne fixe incluse</td><td>39,90&nbsp;€</td><td>47,88&nbsp;€</td></tr></tbody>
</table>
<p>Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20&nbsp;%). Le détail des options, des communications hors forfait et des frais figure dans le guide tarifaire.</p>
<h2>Facturation et paiement</h2>
<ul>
<li>Les forfaits et les options sont facturés chaque mois, d’avance&nbsp;; les communications hors forfait le sont le mois suivant.</li>
<li>Les factures sont payables par prélèvement SEPA, par carte bancaire ou par virement, dans un délai de 30 jours à compter de leur date d’émission.</li>
<li>Un prélèvement que vous n’avez pas autorisé peut être contesté auprès de votre banque dans un délai de 13 mois à compter du débit de votre compte.</li>
<li>En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal et une indemnité forfaitaire de 40&nbsp;€ pour frais de recouvrement sont dues (article L.&nbsp;441-10 du Code de commerce).</li>
</ul>
<h2>Durée et engagement</h2>
<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières. En cas de résiliation avant la fin de cette période, les mensualités restant à courir jusqu’à son terme sont dues, dans les conditions des conditions générales d’abonnement.</p>', "mise_a_jour" = '2026-11-22'
WHERE "page_code" = 'CONDITIONS_TARIFS' AND "contenu_html" = '<h2>Ce que contient chaque document</h2>
<p>Vos contrats {{marque}} sont régis par trois documents contractuels, applicables dans la version indiquée sur cette page et téléchargeables au format PDF&nbsp;:</p>
<ul>
<li><strong>Conditions générales de vente</strong> (<abbr title="conditions générales de vente">CGV</abbr>)&nbsp;: la commande, la livraison et la garantie des équipements (téléphones, cartes SIM, box, accessoires).</li>
<li><strong>Conditions générales d’abonnement</strong> (<abbr title="conditions générales d’abonnement">CGA</abbr>)&nbsp;: les services mobiles et internet, la durée et l’engagement, la facturation, la suspension et la résiliation.</li>
<li><strong>Guide tarifaire</strong> (<abbr title="guide tarifaire">GT</abbr>)&nbsp;: le prix des forfaits, des options, des communications hors forfait et des frais de service.</li>
</ul>
<h2>Le prix de nos forfaits</h2>
<table>
<caption>Prix mensuel des forfaits, hors taxes et toutes taxes comprises</caption>
<thead><tr><th scope="col">Forfait</th><th scope="col">Ce qui est inclus</th><th scope="col">Prix HT par mois</th><th scope="col">Prix TTC par mois</th></tr></thead>
<tbody><tr><th scope="row">Forfait Pro 5 Go</th><td>Appels et SMS illimités, 5 Go en France</td><td>14,99&nbsp;€</td><td>17,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 50 Go</th><td>Appels et SMS illimités, 50 Go en France, 10 Go en Europe</td><td>24,99&nbsp;€</td><td>29,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro 150 Go 5G</th><td>Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe</td><td>34,99&nbsp;€</td><td>41,99&nbsp;€</td></tr><tr><th scope="row">Forfait Pro Illimité 5G</th><td>Internet illimité en 5G, 50 Go en Europe et zone Affaires</td><td>54,99&nbsp;€</td><td>65,99&nbsp;€</td></tr><tr><th scope="row">Forfait Voix Pro 2 h</th><td>2 h d’appels, SMS illimités, 100 Mo</td><td>7,99&nbsp;€</td><td>9,59&nbsp;€</td></tr><tr><th scope="row">Data Pro 20 Go</th><td>Carte SIM data seule pour tablette ou routeur, 20 Go</td><td>19,99&nbsp;€</td><td>23,99&nbsp;€</td></tr><tr><th scope="row">Box Pro Fibre</th><td>Fibre jusqu’à 2 Gbit/s, ligne fixe incluse</td><td>39,90&nbsp;€</td><td>47,88&nbsp;€</td></tr></tbody>
</table>
<p>Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20&nbsp;%). Le détail des options, des communications hors forfait et des frais figure dans le guide tarifaire.</p>
<h2>Facturation et paiement</h2>
<ul>
<li>Les forfaits et les options sont facturés chaque mois, d’avance&nbsp;; les communications hors forfait le sont le mois suivant.</li>
<li>Les factures sont payables par prélèvement SEPA, par carte bancaire ou par virement, dans un délai de 30 jours à compter de leur date d’émission.</li>
<li>Un prélèvement que vous n’avez pas autorisé peut être contesté auprès de votre banque dans un délai de 13 mois à compter du débit de votre compte.</li>
<li>En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal et une indemnité forfaitaire de 40&nbsp;€ pour frais de recouvrement sont dues (article L.&nbsp;441-10 du Code de commerce).</li>
</ul>
<h2>Durée et engagement</h2>
<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières. En cas de résiliation avant la fin de cette période, les mensualités restant à courir jusqu’à son terme sont dues, dans les conditions des conditions générales d’abonnement.</p>';
--> statement-breakpoint
-- The tariff guide lists every plan: version 2026.4 adds plans 107 to 109, where the guide is still version 2026.3 as shipped.
UPDATE "static_documents" SET "contenu" = 'Ce guide donne les prix des services {{marque}} pour les clients professionnels, en euros hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20 %). Il complète les conditions générales d’abonnement et les conditions générales de vente.

## 1. Forfaits mobiles

- Forfait Pro 5 Go : 14,99 € HT par mois (17,99 € TTC) – Appels et SMS illimités, 5 Go en France.
- Forfait Pro 50 Go : 24,99 € HT par mois (29,99 € TTC) – Appels et SMS illimités, 50 Go en France, 10 Go en Europe.
- Forfait Pro 150 Go 5G : 34,99 € HT par mois (41,99 € TTC) – Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe.
- Forfait Pro Illimité 5G : 54,99 € HT par mois (65,99 € TTC) – Internet illimité en 5G, 50 Go en Europe et zone Affaires.
- Forfait Voix Pro 2 h : 7,99 € HT par mois (9,59 € TTC) – 2 h d’appels, SMS illimités, 100 Mo.
- Data Pro 20 Go : 19,99 € HT par mois (23,99 € TTC) – Carte SIM data seule pour tablette ou routeur, 20 Go.
- Forfait Pro 20 Go sans engagement : 19,99 € HT par mois (23,99 € TTC) – Appels et SMS illimités, 20 Go en France, sans engagement.
- Forfait Pro 100 Go 5G 12 mois : 29,99 € HT par mois (35,99 € TTC) – Appels et SMS illimités, 100 Go en 5G, 20 Go en Europe, engagement 12 mois.
- Forfait Pro Illimité 5G sans engagement : 64,99 € HT par mois (77,99 € TTC) – Internet illimité en 5G, 50 Go en Europe et zone Affaires, sans engagement.

Les appels, SMS et MMS illimités s’entendent en France métropolitaine, vers les numéros fixes et mobiles, hors numéros spéciaux et surtaxés, dans la limite d’un usage raisonnable de 200 correspondants différents par mois.

## 2. Internet fixe

- Box Pro Fibre : 39,90 € HT par mois (47,88 € TTC) – Fibre jusqu’à 2 Gbit/s, ligne fixe incluse.

## 3. Options mobiles (prix mensuels)

- Europe et DOM 5 Go : 5,00 € HT (6,00 € TTC).
- International 2 h (appels depuis la France vers l’international, zone 1) : 9,00 € HT (10,80 € TTC).
- Roaming Monde 1 Go : 15,00 € HT (18,00 € TTC).
- Multi-SIM data (une carte SIM supplémentaire partageant l’enveloppe de données) : 5,00 € HT (6,00 € TTC).
- Messagerie vocale visuelle : incluse dans les forfaits qui la mentionnent, sinon 1,00 € HT (1,20 € TTC).
- Blocage des numéros surtaxés : gratuit.

## 4. Communications hors forfait

- Appels au-delà des 2 h du Forfait Voix Pro 2 h : 0,35 € HT (0,42 € TTC) par minute, décomptée à la seconde après la première minute.
- Données au-delà de l’enveloppe du forfait : 10,00 € HT (12,00 € TTC) par gigaoctet entamé, sauf blocage demandé dans l’espace client.
- Appels vers les numéros spéciaux : prix du service affiché par l’éditeur du numéro, plus le prix d’un appel.
- Appels vers l’international sans option : de 0,50 € à 2,50 € HT par minute selon la zone.

## 5. Frais de service

- Mise en service d’une ligne mobile : gratuite.
- Carte SIM ou eSIM de remplacement (perte, vol, changement de format) : 10,00 € HT (12,00 € TTC).
- Installation de la Box Pro Fibre : 49,00 € HT (58,80 € TTC), offerte avec un engagement de 24 mois.
- Frais de rejet d’un prélèvement : 15,00 € HT (18,00 € TTC).
- Envoi d’une facture papier : 2,00 € HT par facture ; la facture électronique est gratuite.
- Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (non soumise à TVA).

## 6. Équivalent carbone de la consommation de données

Conformément au décret n° 2021-1732 du 21 décembre 2021, chaque gigaoctet consommé sur le réseau mobile correspond à 49,4 g éqCO2 ; un abonnement internet fixe correspond à 4,1 kg éqCO2 par mois (méthodologie de l’ADEME, détaillée sur la page « Environnement » de l’espace client).', "version" = '2026.4', "date_version" = '2026-11-22'
WHERE "type" = 'GT' AND "version" = '2026.3' AND "contenu" = 'Ce guide donne les prix des services {{marque}} pour les clients professionnels, en euros hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20 %). Il complète les conditions générales d’abonnement et les conditions générales de vente.

## 1. Forfaits mobiles

- Forfait Pro 5 Go : 14,99 € HT par mois (17,99 € TTC) – Appels et SMS illimités, 5 Go en France.
- Forfait Pro 50 Go : 24,99 € HT par mois (29,99 € TTC) – Appels et SMS illimités, 50 Go en France, 10 Go en Europe.
- Forfait Pro 150 Go 5G : 34,99 € HT par mois (41,99 € TTC) – Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe.
- Forfait Pro Illimité 5G : 54,99 € HT par mois (65,99 € TTC) – Internet illimité en 5G, 50 Go en Europe et zone Affaires.
- Forfait Voix Pro 2 h : 7,99 € HT par mois (9,59 € TTC) – 2 h d’appels, SMS illimités, 100 Mo.
- Data Pro 20 Go : 19,99 € HT par mois (23,99 € TTC) – Carte SIM data seule pour tablette ou routeur, 20 Go.

Les appels, SMS et MMS illimités s’entendent en France métropolitaine, vers les numéros fixes et mobiles, hors numéros spéciaux et surtaxés, dans la limite d’un usage raisonnable de 200 correspondants différents par mois.

## 2. Internet fixe

- Box Pro Fibre : 39,90 € HT par mois (47,88 € TTC) – Fibre jusqu’à 2 Gbit/s, ligne fixe incluse.

## 3. Options mobiles (prix mensuels)

- Europe et DOM 5 Go : 5,00 € HT (6,00 € TTC).
- International 2 h (appels depuis la France vers l’international, zone 1) : 9,00 € HT (10,80 € TTC).
- Roaming Monde 1 Go : 15,00 € HT (18,00 € TTC).
- Multi-SIM data (une carte SIM supplémentaire partageant l’enveloppe de données) : 5,00 € HT (6,00 € TTC).
- Messagerie vocale visuelle : incluse dans les forfaits qui la mentionnent, sinon 1,00 € HT (1,20 € TTC).
- Blocage des numéros surtaxés : gratuit.

## 4. Communications hors forfait

- Appels au-delà des 2 h du Forfait Voix Pro 2 h : 0,35 € HT (0,42 € TTC) par minute, décomptée à la seconde après la première minute.
- Données au-delà de l’enveloppe du forfait : 10,00 € HT (12,00 € TTC) par gigaoctet entamé, sauf blocage demandé dans l’espace client.
- Appels vers les numéros spéciaux : prix du service affiché par l’éditeur du numéro, plus le prix d’un appel.
- Appels vers l’international sans option : de 0,50 € à 2,50 € HT par minute selon la zone.

## 5. Frais de service

- Mise en service d’une ligne mobile : gratuite.
- Carte SIM ou eSIM de remplacement (perte, vol, changement de format) : 10,00 € HT (12,00 € TTC).
- Installation de la Box Pro Fibre : 49,00 € HT (58,80 € TTC), offerte avec un engagement de 24 mois.
- Frais de rejet d’un prélèvement : 15,00 € HT (18,00 € TTC).
- Envoi d’une facture papier : 2,00 € HT par facture ; la facture électronique est gratuite.
- Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (non soumise à TVA).

## 6. Équivalent carbone de la consommation de données

Conformément au décret n° 2021-1732 du 21 décembre 2021, chaque gigaoctet consommé sur le réseau mobile correspond à 49,4 g éqCO2 ; un abonnement internet fixe correspond à 4,1 kg éqCO2 par mois (méthodologie de l’ADEME, détaillée sur la page « Environnement » de l’espace client).';
--> statement-breakpoint
-- The Europe allowances answer lists every plan that has one: plans 108 and 109 are added, where the answer is still as 0009 shipped it.
UPDATE "faq_questions" SET "reponse_html" = '<p>Oui&nbsp;: dans l’Union européenne et l’Espace économique européen, vos appels, SMS et données sont décomptés de votre forfait comme en France, sans surcoût, dans la limite de l’enveloppe Europe de votre forfait&nbsp;:</p>
<ul><li>Forfait Pro 50 Go&nbsp;: 10 Go en Europe</li><li>Forfait Pro 150 Go 5G&nbsp;: 25 Go en Europe</li><li>Forfait Pro Illimité 5G&nbsp;: 50 Go en Europe et zone Affaires</li><li>Forfait Pro 100 Go 5G 12 mois&nbsp;: 20 Go en Europe</li><li>Forfait Pro Illimité 5G sans engagement&nbsp;: 50 Go en Europe et zone Affaires</li></ul>
<p>Au-delà, les données consommées en Europe sont facturées hors forfait au tarif du guide tarifaire.</p>'
WHERE "id_question" = 501 AND "reponse_html" = '<p>Oui&nbsp;: dans l’Union européenne et l’Espace économique européen, vos appels, SMS et données sont décomptés de votre forfait comme en France, sans surcoût, dans la limite de l’enveloppe Europe de votre forfait&nbsp;:</p>
<ul><li>Forfait Pro 50 Go&nbsp;: 10 Go en Europe</li><li>Forfait Pro 150 Go 5G&nbsp;: 25 Go en Europe</li><li>Forfait Pro Illimité 5G&nbsp;: 50 Go en Europe et zone Affaires</li></ul>
<p>Au-delà, les données consommées en Europe sont facturées hors forfait au tarif du guide tarifaire.</p>';
