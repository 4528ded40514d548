import { DATA_CARBON_FACTORS, monthlyPrices, OPERATOR_COMPANY, TERMINATION_FEES_RULE, terminationFees } from '@ecare/shared';
import type { staticDocuments } from '../schema.ts';
import { decimal, euros, groupDigits, typographyText } from './french-text.ts';
import { OFFERS } from './offers.ts';

type Row = typeof staticDocuments.$inferInsert;

/**
 * The static documents every installation starts with (spec §7 "documentstatique types (CGV,
 * CGA, GT)", decision 022), as plain text the API lays out into a PDF: blocks separated by a
 * blank line, "## " starting a heading, "- " a list item. `{{marque}}` stands for the brand.
 * Prices come from the plan catalogue they describe (offers.ts), so that both agree when they
 * ship; a new version of a document takes a data migration of its own (decision 014).
 */

const company = OPERATOR_COMPANY;
const text = (...blocks: string[]) => typographyText(blocks.join('\n\n'));
const list = (...items: string[]) => items.map((item) => `- ${item}`).join('\n');
const identity =
  `${company.denomination}, ${company.formeJuridique} au capital de ${groupDigits(company.capitalEuros)} €, immatriculée au RCS de ` +
  `${company.rcsVille} sous le numéro ${company.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3')}, dont le siège social est situé ${company.siegeSocial}`;

/** The early-termination fees: the rule the portal bills by, and a worked example from the same function (decision 031). */
const example = terminationFees({ moisRestants: 20, dureeEngagementMois: 24, mensualiteHtCentimes: 2_499, exoneration: null });
const TERMINATION_FEES = `${TERMINATION_FEES_RULE} Par exemple, pour une ligne à 24,99 € HT par mois engagée pour 24 mois et résiliée à l’issue de son 4e mois : ${example.calcul ?? ''}. Le détail et le calcul des frais sont donnés avant toute demande de résiliation dans l’espace client, puis sur le récapitulatif de la demande ; les frais sont facturés à la date d’effet de la résiliation.`;

const CGV = text(
  `Les présentes conditions générales de vente s’appliquent à toute commande d’équipements (téléphones mobiles, cartes SIM et eSIM, box internet, accessoires) passée auprès de ${identity} (ci-après « {{marque}} »), par un client professionnel (ci-après « le Client ») agissant pour les besoins de son activité.`,
  '## Article 1 – Objet et documents contractuels',
  'Les présentes conditions définissent les conditions dans lesquelles {{marque}} vend des équipements au Client. Elles sont complétées par le guide tarifaire et, pour un équipement vendu avec un abonnement, par les conditions générales d’abonnement. Elles prévalent sur toutes conditions d’achat du Client, sauf accord écrit de {{marque}}.',
  '## Article 2 – Commande',
  'La commande est passée depuis l’espace client, auprès d’un conseiller ou d’un point de vente partenaire. Elle devient ferme après validation du récapitulatif de commande par le Client et, le cas échéant, vérification de sa solvabilité. {{marque}} peut refuser une commande anormale ou passée de mauvaise foi, notamment en cas d’impayé antérieur.',
  '## Article 3 – Prix et paiement',
  'Les prix sont ceux du guide tarifaire en vigueur au jour de la commande, exprimés en euros hors taxes et toutes taxes comprises. Les équipements sont payables à la commande, ou avec la première facture d’abonnement lorsqu’ils sont vendus avec un abonnement. Tout retard de paiement entraîne l’application de pénalités au taux de trois fois le taux d’intérêt légal et d’une indemnité forfaitaire de 40 € pour frais de recouvrement (article L. 441-10 du Code de commerce).',
  '## Article 4 – Livraison',
  'Les équipements sont livrés à l’adresse indiquée lors de la commande, en France métropolitaine, dans un délai indicatif de 2 à 5 jours ouvrés à compter de la confirmation de la commande. Le Client vérifie l’état du colis à sa réception et porte ses réserves précises sur le bon de livraison ; il les confirme au transporteur par lettre recommandée dans les 3 jours (article L. 133-3 du Code de commerce).',
  '## Article 5 – Transfert de propriété et des risques',
  'Les risques sont transférés au Client à la remise des équipements. {{marque}} en conserve la propriété jusqu’au paiement complet du prix. La carte SIM reste en toute hypothèse la propriété de {{marque}}.',
  '## Article 6 – Droit de rétractation',
  'Le Client professionnel ne dispose pas du droit de rétractation, sauf s’il emploie au plus cinq salariés et que la commande, conclue hors établissement, n’entre pas dans le champ de son activité principale (article L. 221-3 du Code de la consommation). Il dispose alors de 14 jours à compter de la réception de l’équipement pour se rétracter, au moyen du formulaire de contact de l’espace client.',
  '## Article 7 – Garanties',
  list(
    'Les équipements neufs bénéficient de la garantie commerciale de leur fabricant, d’une durée de 24 mois à compter de la livraison sauf mention contraire sur la fiche de l’équipement, et les équipements reconditionnés d’une garantie de 12 mois.',
    'Le Client bénéficie en outre de la garantie légale des vices cachés (articles 1641 et suivants du Code civil).',
    'Sont exclus des garanties les dommages dus à une chute, à l’oxydation, à une utilisation non conforme ou à une intervention d’un réparateur non agréé.',
  ),
  '## Article 8 – Service après-vente',
  'Le Client déclare une panne depuis la page « Service après-vente » de l’espace client. {{marque}} organise l’enlèvement ou le dépôt de l’équipement, sa réparation ou, si elle est impossible, son échange par un équipement équivalent. Un téléphone de prêt peut être fourni pendant l’immobilisation, selon l’offre souscrite. Le Client sauvegarde ses données avant tout envoi : {{marque}} n’est pas responsable de leur perte.',
  '## Article 9 – Responsabilité',
  'La responsabilité de {{marque}} est limitée aux dommages directs et prévisibles, dans la limite du prix de l’équipement concerné. Elle ne saurait être engagée pour les pertes d’exploitation, de données ou de chiffre d’affaires du Client.',
  '## Article 10 – Équipement vendu avec un abonnement : résiliation anticipée',
  `La résiliation de l’abonnement d’une ligne pendant sa période d’engagement, y compris lorsqu’un équipement a été acquis à prix préférentiel avec cet abonnement, donne lieu aux frais de résiliation anticipée de l’article 10 des conditions générales d’abonnement. ${TERMINATION_FEES}`,
  '## Article 11 – Données personnelles',
  'Les données recueillies lors de la commande sont traitées par {{marque}} pour son exécution, dans les conditions décrites sur la page « Données personnelles » de l’espace client.',
  '## Article 12 – Droit applicable et litiges',
  'Les présentes conditions sont soumises au droit français. À défaut d’accord amiable, tout litige relatif à leur interprétation ou à leur exécution relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.',
);

const CGA = text(
  `Les présentes conditions générales d’abonnement s’appliquent aux services de communications électroniques mobiles et internet fixe fournis par ${identity} (ci-après « {{marque}} ») à un client professionnel (ci-après « le Client »).`,
  '## Article 1 – Documents contractuels',
  'Le contrat se compose, par ordre de priorité décroissant, des conditions particulières de chaque ligne (offre, options, durée d’engagement), des présentes conditions générales, du guide tarifaire et des conditions générales de vente pour les équipements. Les conditions particulières d’une ligne sont téléchargeables depuis sa page dans l’espace client.',
  '## Article 2 – Souscription',
  'La souscription est ouverte à toute personne morale ou personne physique agissant pour les besoins de son activité professionnelle, sur présentation d’un extrait d’immatriculation de moins de trois mois, d’une pièce d’identité du signataire et d’un mandat de prélèvement SEPA. {{marque}} peut demander un dépôt de garantie ou refuser la souscription en cas d’impayé ou de risque manifeste.',
  '## Article 3 – Mise en service',
  'La ligne mobile est mise en service au plus tard 48 heures après l’activation de la carte SIM ou l’installation du profil eSIM. En cas de conservation du numéro, la portabilité est réalisée à la date convenue, au plus tôt le troisième jour ouvrable suivant la demande, grâce au relevé d’identité opérateur (RIO) du Client, disponible dans son espace client ou en appelant le 3179 depuis la ligne concernée.',
  '## Article 4 – Durée et engagement',
  'Le contrat de chaque ligne est conclu pour une durée indéterminée, assortie, selon l’offre, d’une période minimale d’engagement de 12 ou 24 mois indiquée dans ses conditions particulières. Un changement d’offre vers une offre de prix supérieur est possible à tout moment ; vers une offre de prix inférieur, il peut prolonger la période d’engagement.',
  '## Article 5 – Prix, facturation et paiement',
  list(
    'Les prix sont ceux du guide tarifaire en vigueur. Les forfaits et options sont facturés mensuellement et d’avance ; les communications hors forfait, le mois suivant leur consommation.',
    'Les factures sont mises à disposition dans l’espace client et payables sous 30 jours, par prélèvement SEPA, carte bancaire ou virement.',
    'Le Client peut contester un prélèvement non autorisé auprès de sa banque dans un délai de 13 mois à compter du débit de son compte.',
    'Toute modification des prix est portée à la connaissance du Client au moins un mois avant son entrée en vigueur ; le Client peut alors résilier sans frais la ligne concernée jusqu’à quatre mois après cette date.',
  ),
  '## Article 6 – Utilisation des services',
  'Les services sont destinés à un usage professionnel, raisonnable et conforme à leur objet. Sont notamment interdits l’utilisation d’une ligne à des fins de routage ou de revente de trafic, l’envoi de messages non sollicités en masse et l’usage de boîtiers radio (« SIM box »). En cas d’usage manifestement abusif, {{marque}} peut, après mise en demeure restée sans effet pendant 8 jours, restreindre le service concerné.',
  '## Article 7 – Carte SIM, perte et vol',
  'La carte SIM reste la propriété de {{marque}}. Le Client est responsable de la garde de ses cartes SIM et des codes associés. En cas de perte ou de vol, il suspend la ligne sans délai depuis la page de la ligne dans l’espace client ou en appelant le service client ; les communications passées avant la suspension restent à sa charge. La ligne est rétablie à sa demande, avec une nouvelle carte SIM si nécessaire.',
  '## Article 8 – Qualité de service et responsabilité',
  '{{marque}} met en œuvre les moyens nécessaires au bon fonctionnement des services, dans les zones de couverture publiées sur son site. Elle n’est pas responsable des interruptions dues à un cas de force majeure, à des travaux de maintenance programmés, à une perturbation de la propagation des ondes ou à l’équipement du Client. En cas d’interruption totale d’un service imputable à {{marque}} pendant plus de 48 heures consécutives, le Client obtient, sur demande, un avoir égal au prorata de l’abonnement mensuel de la ligne concernée.',
  '## Article 9 – Suspension',
  '{{marque}} peut suspendre tout ou partie des services, après mise en demeure restée sans effet pendant 8 jours, en cas de défaut de paiement ou de manquement grave du Client à ses obligations, et sans préavis en cas d’utilisation frauduleuse ou sur injonction d’une autorité.',
  '## Article 10 – Résiliation',
  list(
    'Le Client résilie une ligne depuis l’espace client, en choisissant la date d’effet entre le lendemain de sa demande et trois mois plus tard, ou par lettre recommandée, la résiliation prenant alors effet 10 jours après sa réception. La résiliation d’une ligne dont le numéro est porté vers un autre opérateur prend effet à la date de la portabilité.',
    TERMINATION_FEES,
    '{{marque}} peut résilier le contrat en cas de manquement grave du Client non réparé 30 jours après une mise en demeure.',
  ),
  '## Article 11 – Données personnelles et confidentialité',
  'Les données du Client et des utilisateurs de ses lignes sont traitées dans les conditions décrites sur la page « Données personnelles » de l’espace client. {{marque}} respecte le secret des correspondances et ne conserve les données de trafic que dans les conditions prévues par la loi.',
  '## Article 12 – Réclamations et médiation',
  'Toute réclamation est adressée au service client par le formulaire de contact de l’espace client ; {{marque}} y répond dans un délai de 30 jours. Si la réponse ne le satisfait pas, le Client employant au plus cinq salariés peut saisir gratuitement le Médiateur des communications électroniques (www.mediateur-telecom.fr), dans les conditions prévues par sa charte.',
  '## Article 13 – Droit applicable et litiges',
  'Le contrat est soumis au droit français. À défaut d’accord amiable, tout litige relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.',
);

const planLine = (offer: (typeof OFFERS)[number]) => {
  const { prixMensuelHT, prixMensuelTTC } = monthlyPrices(offer.prixMensuelCentimes);
  return `${offer.libelle} : ${euros(Math.round(prixMensuelHT * 100))} HT par mois (${euros(Math.round(prixMensuelTTC * 100))} TTC) – ${offer.description}.`;
};
const withVat = (cents: number) => `${euros(cents)} HT (${euros(Math.round((cents * 120) / 100))} TTC)`;

const GT = text(
  'Ce guide donne les prix des services {{marque}} pour les clients professionnels, en euros hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20 %). Il complète les conditions générales d’abonnement et les conditions générales de vente.',
  '## 1. Forfaits mobiles',
  list(...OFFERS.filter((offer) => offer.idGamme === 1).map(planLine)),
  'Les appels, SMS et MMS illimités s’entendent en France métropolitaine, vers les numéros fixes et mobiles, hors numéros spéciaux et surtaxés, dans la limite d’un usage raisonnable de 200 correspondants différents par mois.',
  '## 2. Internet fixe',
  list(...OFFERS.filter((offer) => offer.idGamme === 2).map(planLine)),
  '## 3. Options mobiles (prix mensuels)',
  list(
    `Europe et DOM 5 Go : ${withVat(500)}.`,
    `International 2 h (appels depuis la France vers l’international, zone 1) : ${withVat(900)}.`,
    `Roaming Monde 1 Go : ${withVat(1500)}.`,
    `Multi-SIM data (une carte SIM supplémentaire partageant l’enveloppe de données) : ${withVat(500)}.`,
    `Messagerie vocale visuelle : incluse dans les forfaits qui la mentionnent, sinon ${withVat(100)}.`,
    'Blocage des numéros surtaxés : gratuit.',
  ),
  '## 4. Communications hors forfait',
  list(
    `Appels au-delà des 2 h du Forfait Voix Pro 2 h : ${withVat(35)} par minute, décomptée à la seconde après la première minute.`,
    `Données au-delà de l’enveloppe du forfait : ${withVat(1000)} par gigaoctet entamé, sauf blocage demandé dans l’espace client.`,
    'Appels vers les numéros spéciaux : prix du service affiché par l’éditeur du numéro, plus le prix d’un appel.',
    'Appels vers l’international sans option : de 0,50 € à 2,50 € HT par minute selon la zone.',
  ),
  '## 5. Frais de service',
  list(
    'Mise en service d’une ligne mobile : gratuite.',
    `Carte SIM ou eSIM de remplacement (perte, vol, changement de format) : ${withVat(1000)}.`,
    `Installation de la Box Pro Fibre : ${withVat(4900)}, offerte avec un engagement de 24 mois.`,
    `Frais de rejet d’un prélèvement : ${withVat(1500)}.`,
    'Envoi d’une facture papier : 2,00 € HT par facture ; la facture électronique est gratuite.',
    'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (non soumise à TVA).',
  ),
  '## 6. Équivalent carbone de la consommation de données',
  `Conformément au décret n° 2021-1732 du 21 décembre 2021, chaque gigaoctet consommé sur le réseau mobile correspond à ${decimal(DATA_CARBON_FACTORS.mobileGrammesParGo)} g éqCO2 ; un abonnement internet fixe correspond à ${decimal(DATA_CARBON_FACTORS.fixeKilogrammesParMois)} kg éqCO2 par mois (méthodologie de l’ADEME, détaillée sur la page « Environnement » de l’espace client).`,
);

export const STATIC_DOCUMENTS: readonly Row[] = [
  { type: 'CGV', titre: 'Conditions générales de vente', version: '2026.3', dateVersion: '2026-11-28', ordre: 1, contenu: CGV },
  { type: 'CGA', titre: 'Conditions générales d’abonnement', version: '2026.3', dateVersion: '2026-11-28', ordre: 2, contenu: CGA },
  { type: 'GT', titre: 'Guide tarifaire', version: '2026.4', dateVersion: '2026-11-22', ordre: 3, contenu: GT },
];
