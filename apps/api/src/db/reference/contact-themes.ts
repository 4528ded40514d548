import { AFTER_SALES_CONTACT_THEME_ID, SECURITY_CONTACT_THEME_ID } from '@ecare/shared';
import type { contactSubThemes, contactThemes } from '../schema.ts';

type ThemeRow = typeof contactThemes.$inferInsert;
type SubThemeRow = typeof contactSubThemes.$inferInsert;

/**
 * The contact form's themes and sub-themes every installation starts with (spec §7
 * `contact_themes`, `contact_sous_themes/{idTheme}`; decision 024). Ids are stable: pages link to
 * a theme by its id (`/assistance/formulaire-contact?idTheme=7` from the after-sales page, 13 from
 * the security page). A sub-theme's id is its theme's id times 100 plus its rank.
 */
const THEMES: readonly (ThemeRow & { sousThemes: readonly string[] })[] = [
  {
    idTheme: 1,
    libelle: 'Facturation',
    ordre: 1,
    sousThemes: ['Comprendre ma facture', 'Contester un montant facturé', 'Obtenir un duplicata de facture', 'Modifier l’adresse de facturation'],
  },
  {
    idTheme: 2,
    libelle: 'Paiement et prélèvement',
    ordre: 2,
    sousThemes: ['Changer de coordonnées bancaires (mandat SEPA)', 'Régler une facture impayée', 'Demander un échéancier de paiement', 'Demander un remboursement'],
  },
  {
    idTheme: 3,
    libelle: 'Offres et forfaits',
    ordre: 3,
    sousThemes: ['Changer de forfait', 'Comprendre mon forfait', 'Consommations hors forfait'],
  },
  {
    idTheme: 4,
    libelle: 'Options et international',
    ordre: 4,
    sousThemes: ['Ajouter ou retirer une option', 'Utiliser ma ligne à l’étranger', 'Bloquer les numéros surtaxés'],
  },
  {
    idTheme: 5,
    libelle: 'Commande et livraison',
    ordre: 5,
    sousThemes: ['Suivre ma commande', 'Colis non reçu ou endommagé', 'Modifier ou annuler une commande'],
  },
  {
    idTheme: 6,
    libelle: 'Carte SIM et eSIM',
    ordre: 6,
    sousThemes: ['Activer une carte SIM', 'Installer une eSIM', 'Code PIN ou PUK', 'Remplacer une carte SIM'],
  },
  {
    idTheme: AFTER_SALES_CONTACT_THEME_ID,
    libelle: 'Service après-vente',
    ordre: 7,
    sousThemes: ['Panne ou casse d’un téléphone', 'Garantie et échange', 'Déclarer un sinistre à l’assurance', 'Suivre une réparation'],
  },
  {
    idTheme: 8,
    libelle: 'Portabilité du numéro',
    ordre: 8,
    sousThemes: ['Conserver mon numéro en arrivant', 'Obtenir mon RIO pour partir', 'Incident de portabilité'],
  },
  {
    idTheme: 9,
    libelle: 'Résiliation',
    ordre: 9,
    sousThemes: ['Résilier une ligne', 'Frais de résiliation', 'Suivre une résiliation en cours'],
  },
  {
    idTheme: 10,
    libelle: 'Réseau et couverture',
    ordre: 10,
    sousThemes: ['Pas de réseau ou couverture faible', 'Appels ou SMS impossibles', 'Internet mobile lent ou coupé'],
  },
  {
    idTheme: 11,
    libelle: 'Espace client et utilisateurs',
    ordre: 11,
    sousThemes: ['Accéder à mon espace client', 'Gérer les utilisateurs du compte', 'Changer de titulaire ou de raison sociale', 'Modifier mes coordonnées'],
  },
  {
    idTheme: 12,
    libelle: 'Réclamation',
    ordre: 12,
    sousThemes: ['Déposer une réclamation', 'Relancer une réclamation en cours', 'Contester la réponse à une réclamation'],
  },
  {
    idTheme: SECURITY_CONTACT_THEME_ID,
    libelle: 'Sécurité et données personnelles',
    ordre: 13,
    sousThemes: [
      'Cyberattaque du 4 juillet 2022',
      'Exercer mes droits sur mes données personnelles',
      'Signaler une fraude ou un hameçonnage',
      'Ligne utilisée sans mon accord',
    ],
  },
  {
    idTheme: 14,
    libelle: 'Autre demande',
    ordre: 14,
    sousThemes: ['Suggestion sur l’espace client', 'Autre question'],
  },
];

export const CONTACT_THEMES: readonly ThemeRow[] = THEMES.map(({ idTheme, libelle, ordre }) => ({ idTheme, libelle, ordre }));

export const CONTACT_SUB_THEMES: readonly SubThemeRow[] = THEMES.flatMap(({ idTheme, sousThemes }) =>
  sousThemes.map((libelle, index) => ({ idSousTheme: idTheme * 100 + index + 1, idTheme, libelle, ordre: index + 1 })),
);
