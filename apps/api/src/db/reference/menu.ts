import type { menuItems } from '../schema.ts';

type Row = typeof menuItems.$inferInsert;

const rubrique = (id: number, nom: string, ordre: number, extra: Partial<Row> = {}): Row => ({
  id, parentId: null, kind: 'rubrique', nom, ordre, url: null, ...extra,
});
const sous = (id: number, parentId: number, nom: string, ordre: number, extra: Partial<Row> = {}): Row => ({
  id, parentId, kind: 'sousRubrique', nom, ordre, url: null, ...extra,
});
const mod = (id: number, parentId: number, nom: string, url: string, ordre: number, extra: Partial<Row> = {}): Row => ({
  id, parentId, kind: 'module', nom, url, ordre, ...extra,
});

/**
 * The header menu every installation starts with: ids are stable (data migrations and operators
 * refer to them), ordre drives display order. Item 5 always pops up (spec §2). Adding or
 * changing an entry here also takes a data migration (docs/decisions/014).
 */
export const REFERENCE_MENU: readonly Row[] = [
  rubrique(1, 'Accueil', 1, { url: '/pages/accueil' }),

  rubrique(2, 'Mes lignes', 2, { requiresAccount: true }),
  sous(21, 2, 'Gestion des lignes', 1),
  mod(211, 21, 'Vos lignes mobiles', '/pages/mes-lignes-mobiles', 1),
  mod(212, 21, 'Ajouter une ligne', '/ajout-ligne/ajouter-une-ligne-mobile', 2, { accountStatuses: ['ACTIF'] }),
  mod(213, 21, 'Mes commandes', '/mon-compte/commandes', 3),
  sous(22, 2, 'Téléphones et cartes SIM', 2),
  mod(221, 22, 'Nouveau téléphone', '/mon-telephone/nouveau-telephone', 1, { accountStatuses: ['ACTIF'] }),
  mod(222, 22, 'Changer de forfait', '/mon-forfait/changer-de-forfait', 2, { accountStatuses: ['ACTIF'] }),
  mod(223, 22, 'Activer une carte SIM', '/mon-telephone/activation-sim', 3),
  sous(23, 2, 'Consommation', 3),
  mod(231, 23, 'Suivi conso', '/ligne-mobile/consommation', 1),

  rubrique(3, 'Factures et paiements', 3, { requiresAccount: true }),
  sous(31, 3, 'Factures', 1),
  mod(311, 31, 'Mes factures', '/mon-compte/factures', 1),
  mod(312, 31, 'Payer une facture', '/mon-compte/paiement', 2),
  sous(32, 3, 'Prélèvement', 2),
  mod(321, 32, 'Coordonnées bancaires', '/mon-compte/coordonnees-bancaires', 1),
  mod(322, 32, 'Mandat SEPA', '/mon-compte/mandat-sepa', 2),

  rubrique(4, 'Mon compte', 4),
  sous(41, 4, 'Mes informations', 1),
  mod(411, 41, 'Mon profil', '/mon-compte/profil', 1),
  mod(412, 41, 'Changer mon code confidentiel', '/mon-compte/code-confidentiel', 2),
  mod(413, 41, 'Sécurité', '/mon-compte/securite', 3),
  sous(42, 4, 'Mon entreprise', 2, { requiresAccount: true }),
  mod(421, 42, 'Utilisateurs des lignes', '/mon-compte/utilisateurs', 1),
  mod(422, 42, 'Préférences de contact', '/mon-compte/preferences', 2),
  mod(423, 42, 'Actions groupées', '/mon-compte/traitements', 3),
  mod(424, 42, 'Centres de coût', '/mon-compte/centres-de-cout', 4),
  mod(425, 42, 'Rapports programmés', '/mon-compte/rapports', 5),
  mod(426, 42, 'API et webhooks', '/mon-compte/api', 6),

  rubrique(5, 'Assistance', 5),
  sous(51, 5, 'Aide en ligne', 1),
  mod(511, 51, 'Questions fréquentes', '/assistance/faq', 1),
  mod(512, 51, 'Service après vente', '/assistance/sav', 2),
  sous(52, 5, 'Nous écrire', 2),
  mod(521, 52, 'Formulaire de contact', '/assistance/formulaire-contact', 1),
  sous(53, 5, 'Sécurité', 3),
  mod(531, 53, 'Informations sécurité', '/info-securite-ecare', 1),

  // The shop's catalogue (decision 035): its pages show the account's prices.
  rubrique(6, 'Nos offres', 6, { url: '/mon-forfait/forfaits', requiresAccount: true }),
  sous(61, 6, 'Catalogue', 1),
  mod(611, 61, 'Téléphones', '/mon-telephone/catalogue', 1),
  mod(612, 61, 'Forfaits mobiles', '/mon-forfait/forfaits', 2),
];
