CREATE TABLE "contact_sub_themes" (
	"id_sous_theme" integer PRIMARY KEY NOT NULL,
	"id_theme" integer NOT NULL,
	"libelle" text NOT NULL,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_themes" (
	"id_theme" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"ordre" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_counters" (
	"annee" integer PRIMARY KEY NOT NULL,
	"dernier_numero" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer,
	"id_client_bscs" integer,
	"id_theme" integer NOT NULL,
	"theme" text NOT NULL,
	"id_sous_theme" integer,
	"sous_theme" text,
	"objet" text NOT NULL,
	"message" text NOT NULL,
	"prenom" text NOT NULL,
	"nom" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text,
	"entreprise" text,
	"statut" text DEFAULT 'OUVERTE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"piece_jointe_cle" text,
	"piece_jointe_nom" text,
	"piece_jointe_type" text,
	"piece_jointe_taille" integer,
	CONSTRAINT "support_tickets_reference_unique" UNIQUE("reference"),
	CONSTRAINT "support_tickets_piece_jointe_cle_unique" UNIQUE("piece_jointe_cle")
);
--> statement-breakpoint
ALTER TABLE "contact_sub_themes" ADD CONSTRAINT "contact_sub_themes_id_theme_contact_themes_id_theme_fk" FOREIGN KEY ("id_theme") REFERENCES "public"."contact_themes"("id_theme") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_sub_themes_theme_idx" ON "contact_sub_themes" USING btree ("id_theme","ordre");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","created_at");
--> statement-breakpoint
-- Reference data of the contact tables above (docs/decisions/014 and 024): the contact form's themes
-- and sub-themes every installation starts with (7 is the after-sales service, 13 the security
-- contact). Rows already present are left as they are. Generated from src/db/reference/ with
-- `npx tsx src/db/reference/print-sql.ts contact_themes` (then contact_sub_themes).
INSERT INTO "contact_themes" ("id_theme", "libelle", "ordre") VALUES
  (1, 'Facturation', 1),
  (2, 'Paiement et prélèvement', 2),
  (3, 'Offres et forfaits', 3),
  (4, 'Options et international', 4),
  (5, 'Commande et livraison', 5),
  (6, 'Carte SIM et eSIM', 6),
  (7, 'Service après-vente', 7),
  (8, 'Portabilité du numéro', 8),
  (9, 'Résiliation', 9),
  (10, 'Réseau et couverture', 10),
  (11, 'Espace client et utilisateurs', 11),
  (12, 'Réclamation', 12),
  (13, 'Sécurité et données personnelles', 13),
  (14, 'Autre demande', 14)
ON CONFLICT ("id_theme") DO NOTHING;
--> statement-breakpoint
INSERT INTO "contact_sub_themes" ("id_sous_theme", "id_theme", "libelle", "ordre") VALUES
  (101, 1, 'Comprendre ma facture', 1),
  (102, 1, 'Contester un montant facturé', 2),
  (103, 1, 'Obtenir un duplicata de facture', 3),
  (104, 1, 'Modifier l’adresse de facturation', 4),
  (201, 2, 'Changer de coordonnées bancaires (mandat SEPA)', 1),
  (202, 2, 'Régler une facture impayée', 2),
  (203, 2, 'Demander un échéancier de paiement', 3),
  (204, 2, 'Demander un remboursement', 4),
  (301, 3, 'Changer de forfait', 1),
  (302, 3, 'Comprendre mon forfait', 2),
  (303, 3, 'Consommations hors forfait', 3),
  (401, 4, 'Ajouter ou retirer une option', 1),
  (402, 4, 'Utiliser ma ligne à l’étranger', 2),
  (403, 4, 'Bloquer les numéros surtaxés', 3),
  (501, 5, 'Suivre ma commande', 1),
  (502, 5, 'Colis non reçu ou endommagé', 2),
  (503, 5, 'Modifier ou annuler une commande', 3),
  (601, 6, 'Activer une carte SIM', 1),
  (602, 6, 'Installer une eSIM', 2),
  (603, 6, 'Code PIN ou PUK', 3),
  (604, 6, 'Remplacer une carte SIM', 4),
  (701, 7, 'Panne ou casse d’un téléphone', 1),
  (702, 7, 'Garantie et échange', 2),
  (703, 7, 'Déclarer un sinistre à l’assurance', 3),
  (704, 7, 'Suivre une réparation', 4),
  (801, 8, 'Conserver mon numéro en arrivant', 1),
  (802, 8, 'Obtenir mon RIO pour partir', 2),
  (803, 8, 'Incident de portabilité', 3),
  (901, 9, 'Résilier une ligne', 1),
  (902, 9, 'Frais de résiliation', 2),
  (903, 9, 'Suivre une résiliation en cours', 3),
  (1001, 10, 'Pas de réseau ou couverture faible', 1),
  (1002, 10, 'Appels ou SMS impossibles', 2),
  (1003, 10, 'Internet mobile lent ou coupé', 3),
  (1101, 11, 'Accéder à mon espace client', 1),
  (1102, 11, 'Gérer les utilisateurs du compte', 2),
  (1103, 11, 'Changer de titulaire ou de raison sociale', 3),
  (1104, 11, 'Modifier mes coordonnées', 4),
  (1201, 12, 'Déposer une réclamation', 1),
  (1202, 12, 'Relancer une réclamation en cours', 2),
  (1203, 12, 'Contester la réponse à une réclamation', 3),
  (1301, 13, 'Cyberattaque du 4 juillet 2022', 1),
  (1302, 13, 'Exercer mes droits sur mes données personnelles', 2),
  (1303, 13, 'Signaler une fraude ou un hameçonnage', 3),
  (1304, 13, 'Ligne utilisée sans mon accord', 4),
  (1401, 14, 'Suggestion sur l’espace client', 1),
  (1402, 14, 'Autre question', 2)
ON CONFLICT ("id_sous_theme") DO NOTHING;
