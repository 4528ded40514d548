import { TERMINATION_FEES_RULE, terminationFees } from '@ecare/shared';
import type { faqQuestions, faqThemes } from '../schema.ts';
import { typographyHtml, typographyText } from './french-text.ts';
import { OFFERS } from './offers.ts';

type ThemeRow = typeof faqThemes.$inferInsert;
type QuestionRow = Omit<typeof faqQuestions.$inferInsert, 'recherche'>;

/**
 * The FAQ every installation starts with (decision 023): themes and questions are reference
 * data, which the operator edits afterwards like the legal texts. `{{marque}}` stands for the
 * brand (BRAND_NAME), put in when a question is served. In-app links carry the application's
 * base path (/ecare, spec §9). Ids are stable: a question's id is its theme's times 100 plus
 * its place, so that a later data migration can name a row.
 */

export const FAQ_THEMES: readonly ThemeRow[] = [
  { idTheme: 1, libelle: 'Factures', ordre: 1 },
  { idTheme: 2, libelle: 'Paiement et prélèvement', ordre: 2 },
  { idTheme: 3, libelle: 'Carte SIM et eSIM', ordre: 3 },
  { idTheme: 4, libelle: 'Portabilité du numéro', ordre: 4 },
  { idTheme: 5, libelle: 'Étranger et roaming', ordre: 5 },
  { idTheme: 6, libelle: 'Résiliation', ordre: 6 },
  { idTheme: 7, libelle: 'Lignes et utilisateurs', ordre: 7 },
  { idTheme: 8, libelle: 'Accès à l’espace client', ordre: 8 },
];

const link = (path: string, text: string) => `<a href="/ecare${path}">${text}</a>`;
const LINES = link('/pages/mes-lignes-mobiles', 'Vos lignes mobiles');
const USERS = link('/mon-compte/utilisateurs', 'Utilisateurs des lignes');
const AFTER_SALES = link('/assistance/sav', 'Service après-vente');
const CONTACT = link('/assistance/formulaire-contact', 'formulaire de contact');
const REQUESTS = link('/mon-compte/demandes', 'Mes demandes');
const TERMS = link('/pages/conditions-et-tarifs', 'Conditions et tarifs');
const CONSUMPTION = link('/ligne-mobile/consommation', 'Suivi conso');
const PROFILE = link('/mon-compte/profil', 'Mon profil');
const CODE = link('/mon-compte/code-confidentiel', 'Changer mon code confidentiel');
const RECOVER = link('/identification/recuperer-code-confidentiel', 'Code confidentiel oublié ou première connexion');
const SECURITY = link('/info-securite-ecare', 'Informations sécurité');

/** The Europe allowance of each mobile plan, as its included options state it. */
const europeAllowances = OFFERS.flatMap((offer) => {
  const europe = offer.optionsIncluses.find((option) => option.includes('Europe'));
  return europe ? [`${offer.libelle} : ${europe}`] : [];
});

let place = 0;
let currentTheme = 0;
/** One question of the theme being declared: its id follows the theme's, its order the declaration's. */
function q(question: string, ...blocks: string[]): QuestionRow {
  place += 1;
  return {
    idQuestion: currentTheme * 100 + place,
    idTheme: currentTheme,
    question: typographyText(question),
    reponseHtml: typographyHtml(blocks.join('\n')),
    ordre: place,
  };
}
function theme(idTheme: number, questions: () => QuestionRow[]): QuestionRow[] {
  currentTheme = idTheme;
  place = 0;
  return questions();
}

const list = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const steps = (...items: string[]) => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;

const BILLING = theme(1, () => [
  q(
    'Quand ma facture est-elle émise ?',
    '<p>Votre facture est émise une fois par mois, à la même date, pour l’ensemble des lignes de votre compte de facturation. Vous recevez un e-mail dès qu’elle est disponible dans votre espace client, menu « Factures et paiements », rubrique « Mes factures ».</p>',
  ),
  q(
    'Comment lire ma facture ?',
    '<p>Votre facture comporte :</p>',
    list(
      'les <strong>abonnements et options</strong> du mois à venir, facturés d’avance ;',
      'les <strong>communications hors forfait</strong> du mois écoulé (appels vers des numéros spéciaux, usages à l’étranger au-delà de votre forfait…) ;',
      'les <strong>frais ponctuels</strong> éventuels (nouvelle carte SIM, changement de numéro) ;',
      'le détail par ligne, puis les totaux hors taxes (HT) et toutes taxes comprises (TTC).',
    ),
  ),
  q(
    'Pourquoi ma première facture est-elle plus élevée que prévu ?',
    '<p>La première facture d’une ligne comprend le forfait du mois à venir et, en plus, la part du mois en cours à compter du jour de l’activation (prorata). À partir de la deuxième facture, seul le mois à venir est facturé d’avance.</p>',
  ),
  q(
    'Où télécharger mes factures au format PDF ?',
    '<p>Dans le menu « Factures et paiements », rubrique « Mes factures », chaque facture des 24 derniers mois se télécharge au format PDF. Seul un gestionnaire du compte de facturation y a accès : un utilisateur de ligne s’adresse à lui.</p>',
  ),
  q(
    'Comment savoir d’où viennent mes dépenses hors forfait ?',
    `<p>Le ${CONSUMPTION} de chaque ligne donne, mois par mois, les minutes d’appel, les SMS, les données consommées et le montant hors forfait. Vous repérez ainsi la ligne et la période concernées avant de consulter le détail de votre facture.</p>`,
  ),
  q(
    'Comment modifier la raison sociale ou l’adresse de facturation ?',
    `<p>Ces informations figurent sur vos factures et dans votre contrat : leur modification se demande par le ${CONTACT}, en joignant un extrait Kbis de moins de trois mois si la raison sociale ou le SIREN change. La modification s’applique à la facture suivante.</p>`,
  ),
  q(
    'Mes factures sont-elles établies hors taxes ou toutes taxes comprises ?',
    `<p>Les prix des forfaits sont indiqués hors taxes (HT) ; votre facture ajoute la TVA au taux de 20 % et donne les deux montants. Les prix de chaque forfait figurent sur la page ${TERMS}.</p>`,
  ),
  q(
    'Comment contester une facture ?',
    `<p>Si un montant vous semble erroné, écrivez-nous par le ${CONTACT} en précisant le numéro de la facture, la ligne et la communication concernées. Le montant contesté peut être mis en attente le temps de l’examen ; le reste de la facture reste dû à son échéance.</p>`,
  ),
]);

const PAYMENT = theme(2, () => [
  q(
    'Quels moyens de paiement puis-je utiliser ?',
    '<p>Vos factures se règlent :</p>',
    list(
      'par <strong>prélèvement SEPA</strong>, automatiquement à chaque échéance (le plus simple) ;',
      'par <strong>carte bancaire</strong>, depuis l’espace client, rubrique « Payer une facture » ;',
      'par <strong>virement</strong>, en indiquant le numéro de votre compte de facturation dans le libellé.',
    ),
  ),
  q(
    'Comment mettre en place le prélèvement automatique ?',
    steps(
      'Dans le menu « Factures et paiements », ouvrez « Coordonnées bancaires » et saisissez l’IBAN du compte à débiter.',
      'Signez le mandat SEPA proposé (rubrique « Mandat SEPA »).',
      'Le prélèvement s’applique à la prochaine facture émise au moins dix jours après la signature.',
    ),
  ),
  q(
    'Comment changer le compte bancaire prélevé ?',
    '<p>Saisissez le nouvel IBAN dans « Coordonnées bancaires » puis signez le nouveau mandat SEPA. Tant que le nouveau mandat n’est pas signé, l’ancien compte continue d’être prélevé : ne le clôturez pas avant.</p>',
  ),
  q(
    'Quel est le délai de paiement d’une facture ?',
    '<p>Une facture est payable dans un délai de 30 jours à compter de sa date d’émission. En prélèvement, la date de débit figure sur la facture.</p>',
  ),
  q(
    'Que se passe-t-il si je paie en retard ?',
    `<p>Un retard de paiement entraîne des pénalités au taux de trois fois le taux d’intérêt légal et une indemnité forfaitaire de 40 € pour frais de recouvrement (article L. 441-10 du Code de commerce). Après relance restée sans effet, les lignes du compte peuvent être suspendues. Les conditions sont détaillées sur la page ${TERMS}.</p>`,
  ),
  q(
    'Pourquoi ne puis-je pas commander ou changer de forfait ?',
    '<p>Tant qu’une facture du compte reste impayée, l’ajout d’une ligne, la commande d’un téléphone et le changement de forfait sont bloqués, et un message vous l’indique. Réglez la facture par carte bancaire dans « Payer une facture » : le blocage est levé dès le paiement accepté.</p>',
  ),
  q(
    'Comment contester un prélèvement ?',
    '<p>Un prélèvement que vous n’avez pas autorisé peut être contesté auprès de votre banque dans un délai de 13 mois à compter du débit de votre compte. Pour un prélèvement autorisé mais dont le montant vous surprend, écrivez-nous d’abord : un remboursement est plus rapide qu’un rejet bancaire, qui entraîne des frais.</p>',
  ),
  q(
    'Comment payer par virement ?',
    `<p>Effectuez le virement à l’ordre de {{marque}} en indiquant dans le libellé le numéro de votre compte de facturation (il figure en haut de chaque facture) et le numéro de la facture. Les coordonnées bancaires de {{marque}} sont imprimées sur la facture. Un virement sans référence ne peut pas être rapproché de votre compte : signalez-le par le ${CONTACT}.</p>`,
  ),
]);

const SIM = theme(3, () => [
  q(
    'Où trouver le code PUK de ma carte SIM ?',
    `<p>Ouvrez la ligne depuis ${LINES} et choisissez « Afficher le code PUK ». Le gestionnaire du compte et l’utilisateur de la ligne y ont accès ; chaque consultation est enregistrée pour votre sécurité.</p>`,
  ),
  q(
    'Ma carte SIM est bloquée, que faire ?',
    '<p>Après trois codes PIN erronés, la carte SIM se bloque : saisissez le code PUK (8 chiffres) puis choisissez un nouveau code PIN.</p>',
    '<p><strong>Attention :</strong> après dix codes PUK erronés, la carte est définitivement inutilisable et doit être remplacée.</p>',
  ),
  q(
    'Comment activer une nouvelle carte SIM ?',
    `<p>Le gestionnaire du compte ouvre la ligne depuis ${LINES}, choisit « Activer une nouvelle carte SIM » et saisit le numéro de la carte (ICCID, 19 ou 20 chiffres imprimés au dos de la carte). Après « Vérifier la carte SIM », l’activation prend effet en quelques minutes ; l’ancienne carte SIM ne fonctionnera plus.</p>`,
  ),
  q(
    'Comment installer une eSIM ?',
    '<p>Depuis la page de la ligne, ouvrez l’installation de l’eSIM, puis :</p>',
    list(
      'scannez le QR code avec le téléphone à équiper ;',
      'ou saisissez à la main l’adresse SM-DP+ et le code d’activation affichés, dans les réglages du téléphone.',
    ),
    '<p>Le gestionnaire peut aussi envoyer un lien d’installation à l’utilisateur de la ligne, par e-mail. Le téléphone doit être connecté à internet (Wi-Fi) pendant l’installation.</p>',
  ),
  q(
    'Mon téléphone est-il compatible avec l’eSIM ?',
    '<p>La plupart des smartphones récents acceptent l’eSIM. Pour le vérifier, composez *#06# : si un numéro « EID » s’affiche, le téléphone est compatible. Le téléphone ne doit pas être verrouillé sur un autre opérateur.</p>',
  ),
  q(
    'Comment passer d’une carte SIM à une eSIM, ou l’inverse ?',
    `<p>Demandez le changement par le ${CONTACT} : un profil eSIM est préparé pour la ligne, ou une carte SIM est envoyée à l’adresse de livraison du compte. Le numéro, le forfait et les options ne changent pas ; l’ancienne carte ou l’ancien profil cesse de fonctionner dès l’activation du nouveau.</p>`,
  ),
  q(
    'J’ai perdu mon téléphone ou on me l’a volé : comment bloquer la ligne ?',
    `<p>Ouvrez la ligne depuis ${LINES} et choisissez « Déclarer la perte ou le vol » : la ligne est suspendue immédiatement, ce qui empêche toute communication à vos frais, et les gestionnaires du compte sont prévenus par e-mail. En cas de vol, déposez aussi plainte et faites bloquer le téléphone avec son code IMEI. Le ${AFTER_SALES} vous aide pour le remplacement.</p>`,
  ),
  q(
    'Comment rétablir une ligne suspendue après une perte ?',
    '<p>Si vous retrouvez votre téléphone, le gestionnaire du compte rétablit la ligne depuis sa page, bouton « Rétablir la ligne ». Si la carte SIM a été perdue, activez d’abord une nouvelle carte SIM : la ligne retrouve alors son statut d’avant la suspension.</p>',
  ),
]);

const PORTABILITY = theme(4, () => [
  q(
    'Qu’est-ce que le RIO et où le trouver ?',
    `<p>Le relevé d’identité opérateur (RIO) est un code de 12 caractères propre à chaque ligne : il permet de conserver votre numéro en changeant d’opérateur. Vous l’obtenez :</p>`,
    list(
      `depuis la page de la ligne (${LINES}), bouton « Afficher le RIO » ;`,
      'ou en appelant le 3179 (service et appel gratuits) depuis la ligne concernée.',
    ),
  ),
  q(
    'Comment conserver mon numéro en rejoignant {{marque}} ?',
    '<p>Lors de l’ajout d’une ligne, choisissez de conserver votre numéro et indiquez le numéro et le RIO fournis par votre opérateur actuel, ainsi que la date de portage souhaitée. Nous nous chargeons de tout : votre ancien contrat est résilié automatiquement le jour du portage.</p>',
  ),
  q(
    'Combien de temps prend la portabilité ?',
    '<p>Le portage a lieu à la date que vous avez choisie, au plus tôt un jour ouvrable après la validation de la demande. Le jour du portage, la ligne peut être coupée quelques heures : insérez la nouvelle carte SIM dès que l’ancienne ne capte plus.</p>',
  ),
  q(
    'Puis-je transférer plusieurs lignes de mon entreprise en une seule fois ?',
    '<p>Oui : ajoutez une ligne par numéro à transférer, chacune avec son propre RIO, dans la même commande. Une date de portage commune peut être choisie pour toutes les lignes, afin de basculer votre flotte le même jour.</p>',
  ),
  q(
    'Pourquoi ma demande de portabilité a-t-elle été refusée ?',
    '<p>Les refus les plus fréquents viennent :</p>',
    list(
      'd’un RIO erroné ou qui ne correspond pas au numéro indiqué ;',
      'd’une ligne déjà résiliée ou suspendue chez l’opérateur d’origine ;',
      'd’une demande de portage déjà en cours pour ce numéro.',
    ),
    `<p>Vérifiez le RIO (3179 depuis la ligne) puis écrivez-nous par le ${CONTACT} pour relancer la demande.</p>`,
  ),
  q(
    'Je quitte {{marque}} : comment garder mon numéro ?',
    '<p>Communiquez à votre nouvel opérateur le RIO de la ligne (page de la ligne ou 3179). C’est lui qui fait la demande : la ligne {{marque}} est résiliée automatiquement le jour du portage, sans courrier de votre part. Les mensualités restant dues au titre d’un engagement sont facturées sur la dernière facture.</p>',
  ),
  q(
    'Puis-je conserver le numéro de ma ligne fixe ?',
    `<p>Oui, le numéro fixe d’une Box Pro Fibre peut être conservé de la même façon, avec le RIO de la ligne fixe (3179 depuis cette ligne). Précisez-le lors de la commande ou par le ${CONTACT}.</p>`,
  ),
  q(
    'Le changement de forfait modifie-t-il mon numéro ?',
    '<p>Non : le numéro, la carte SIM et le RIO restent les mêmes quand vous changez de forfait ou d’options. Seul un changement de titulaire ou une nouvelle ligne donne un nouveau numéro, si vous ne demandez pas la portabilité.</p>',
  ),
]);

const ROAMING = theme(5, () => [
  q(
    'Puis-je utiliser mon forfait dans l’Union européenne ?',
    '<p>Oui : dans l’Union européenne et l’Espace économique européen, vos appels, SMS et données sont décomptés de votre forfait comme en France, sans surcoût, dans la limite de l’enveloppe Europe de votre forfait :</p>',
    list(...europeAllowances),
    '<p>Au-delà, les données consommées en Europe sont facturées hors forfait au tarif du guide tarifaire.</p>',
  ),
  q(
    'Combien coûtent mes communications hors de l’Europe ?',
    `<p>Hors de l’Union européenne, les appels, SMS et données sont facturés hors forfait selon la zone du pays visité ; le Forfait Pro Illimité 5G inclut en plus une enveloppe pour la zone Affaires (États-Unis, Canada, Suisse…). Les tarifs par zone figurent dans le guide tarifaire, sur la page ${TERMS}.</p>`,
  ),
  q(
    'Comment éviter une facture élevée à l’étranger ?',
    '<p>Par défaut, l’usage des données hors de l’Union européenne est interrompu dès que les dépenses atteignent 50 € HT dans le mois ; vous recevez un SMS à 80 % de ce plafond et pouvez demander sa levée en répondant au SMS. Pensez aussi à utiliser le Wi-Fi et à désactiver les mises à jour automatiques pendant le voyage.</p>',
  ),
  q(
    'Comment activer les appels depuis l’étranger sur une ligne ?',
    `<p>L’usage à l’étranger est ouvert par défaut sur les nouvelles lignes. Le gestionnaire du compte peut demander à l’ouvrir ou à le fermer pour une ligne par le ${CONTACT}, par exemple pour une ligne de véhicule qui ne quitte pas la France.</p>`,
  ),
  q(
    'Est-ce que je paie les appels que je reçois à l’étranger ?',
    '<p>Dans l’Union européenne, non : les appels reçus ne sont pas facturés. Hors de l’Union européenne, un appel reçu est facturé à la minute selon la zone du pays visité, comme un appel émis.</p>',
  ),
  q(
    'La Suisse et Andorre font-elles partie de l’Europe de mon forfait ?',
    '<p>Non : la Suisse et Andorre ne sont pas dans l’Union européenne. Les communications y sont facturées hors forfait, sauf avec le Forfait Pro Illimité 5G, dont l’enveloppe Europe et zone Affaires les comprend.</p>',
  ),
  q(
    'Puis-je utiliser mon téléphone en avion ou en bateau ?',
    '<p>À bord, votre téléphone se connecte à un réseau satellite ou maritime, facturé hors forfait à un tarif élevé, même dans les eaux européennes. Activez le mode avion et utilisez le Wi-Fi de bord quand il est proposé.</p>',
  ),
  q(
    'La 5G fonctionne-t-elle à l’étranger ?',
    '<p>Avec un forfait 5G, la 5G est disponible dans les pays où nos partenaires l’ont ouverte ; ailleurs, votre téléphone utilise la 4G. Le réseau utilisé ne change pas le prix des communications.</p>',
  ),
]);

const TERMINATION = theme(6, () => [
  q(
    'Comment résilier une ligne mobile ?',
    `<p>Le gestionnaire du compte résilie une ligne depuis l’espace client : ouvrez-la depuis ${LINES} et choisissez « Résilier la ligne ». Indiquez le motif et la date d’effet (du lendemain jusqu’à trois mois plus tard) et, si le motif le demande, joignez un justificatif ; l’étape « Engagement et frais » montre les frais éventuels avant l’envoi. Un e-mail confirme la demande, avec son récapitulatif en PDF, et elle se suit dans ${REQUESTS}.</p>`,
    '<p>Pour conserver le numéro chez un autre opérateur, ne résiliez pas : donnez-lui le RIO, la résiliation sera automatique.</p>',
  ),
  q(
    'Quels frais dois-je payer si je résilie pendant mon engagement ?',
    `<p>${TERMINATION_FEES_RULE}</p>`,
    `<p>Par exemple, pour une ligne à 24,99 € HT par mois engagée pour 24 mois et résiliée à l’issue de son 4e mois : ${terminationFees({ moisRestants: 20, dureeEngagementMois: 24, mensualiteHtCentimes: 2_499, exoneration: null }).calcul ?? ''}.</p>`,
    `<p>La date de fin d’engagement de chaque ligne figure sur sa page ; le détail et le calcul des frais sont donnés à l’étape « Engagement et frais » de la résiliation, avant toute demande. Les conditions sont détaillées dans les conditions générales d’abonnement (${TERMS}).</p>`,
  ),
  q(
    'Comment connaître la date de fin d’engagement d’une ligne ?',
    `<p>Ouvrez la ligne depuis ${LINES} : la rubrique « Fin d’engagement » donne la date, ou « Sans engagement ». La liste des lignes peut aussi être exportée dans un tableur avec cette information.</p>`,
  ),
  q(
    'Que devient ma dernière facture après une résiliation ?',
    '<p>Les frais de résiliation éventuels sont facturés à la date d’effet, sur une facture de clôture à part. La dernière facture mensuelle comprend les communications hors forfait jusqu’à la date de résiliation et déduit la part du forfait déjà payée d’avance au-delà de cette date.</p>',
  ),
  q(
    'Puis-je annuler une demande de résiliation ?',
    `<p>Oui, jusqu’à la veille de la date d’effet : ouvrez la ligne depuis ${LINES}, choisissez « Voir ou annuler la résiliation » puis « Annuler la résiliation ». La ligne garde son forfait, ses options et son engagement, et un e-mail confirme l’annulation. Une fois la ligne résiliée, son numéro ne peut plus être récupéré.</p>`,
  ),
  q(
    'Dois-je renvoyer ma carte SIM ou mon téléphone ?',
    '<p>Non : la carte SIM cesse de fonctionner à la résiliation, vous pouvez la détruire. Un téléphone acheté vous appartient ; seul un équipement prêté (comme une Box Pro Fibre) doit être restitué, selon les instructions envoyées par e-mail.</p>',
  ),
  q(
    'Comment résilier toutes les lignes de mon entreprise ?',
    `<p>Résiliez chaque ligne depuis sa page (« Résilier la ligne ») : chacune suit les règles de sa propre période d’engagement. La dernière ligne active d’un compte de facturation ne se résilie pas en ligne, car sa résiliation ferme le compte : demandez cette fermeture au service client par le ${CONTACT} (thème « Offres et forfaits »), qui arrête aussi la facturation et le prélèvement. L’accès à l’espace client reste ouvert pour consulter les dernières factures.</p>`,
  ),
  q(
    'Quelle différence entre une ligne suspendue et une ligne résiliée ?',
    '<p>Une ligne <strong>suspendue</strong> (après une perte, un vol ou un impayé) ne permet plus de communiquer mais reste facturée et peut être rétablie. Une ligne <strong>résiliée</strong> est définitivement fermée : elle n’est plus facturée après sa dernière facture et son numéro est libéré.</p>',
  ),
]);

const LINES_AND_USERS = theme(7, () => [
  q(
    'Comment voir toutes les lignes de mon entreprise ?',
    `<p>La page ${LINES} liste les lignes du compte de facturation choisi, avec leur forfait, leur statut et leur utilisateur. Vous pouvez chercher un numéro, un nom ou un forfait, filtrer par statut et exporter la liste au format CSV ou Excel.</p>`,
  ),
  q(
    'Quelle différence entre un gestionnaire et un utilisateur ?',
    list(
      'Un <strong>gestionnaire</strong> gère tout le compte de facturation : lignes, factures, paiements, utilisateurs.',
      'Un <strong>utilisateur</strong> n’accède qu’à sa propre ligne : son forfait, sa consommation, son code PUK et son RIO.',
    ),
    '<p>Un gestionnaire qui gère plusieurs comptes de facturation choisit celui sur lequel il travaille après s’être connecté.</p>',
  ),
  q(
    'Comment donner accès à l’espace client à un collaborateur ?',
    `<p>Depuis ${USERS}, choisissez « Inviter un utilisateur », indiquez son adresse e-mail, son rôle (gestionnaire ou utilisateur) et, pour un utilisateur, sa ligne. Il reçoit un e-mail pour créer son code confidentiel.</p>`,
  ),
  q(
    'Comment retirer l’accès d’un collaborateur qui a quitté l’entreprise ?',
    `<p>Dans ${USERS}, ouvrez le menu des actions de ce collaborateur et choisissez « Retirer du compte » : il n’a plus accès au compte de facturation dès la confirmation. Pensez aussi à changer le nom de l’utilisateur de la ligne qu’il utilisait. Un compte doit toujours garder au moins un gestionnaire.</p>`,
  ),
  q(
    'Comment indiquer qui utilise une ligne ?',
    '<p>Sur la page de la ligne, le gestionnaire renseigne le prénom, le nom et, s’il le souhaite, l’adresse e-mail de la personne qui utilise la ligne. Ce nom apparaît dans la liste des lignes et dans les exports ; il ne donne pas accès à l’espace client.</p>',
  ),
  q(
    'Comment suivre la consommation d’une ligne ?',
    `<p>Le ${CONSUMPTION} montre, pour chaque ligne et chaque mois, les appels, les SMS, les données et le hors forfait, comparés à ce que comprend son forfait. Un utilisateur y voit sa propre ligne, un gestionnaire toutes celles du compte.</p>`,
  ),
  q(
    'Comment choisir l’inscription d’une ligne à l’annuaire ?',
    '<p>Sur la page de la ligne, rubrique « Inscription à l’annuaire », choisissez :</p>',
    list(
      '<strong>liste rouge</strong> : le numéro n’apparaît dans aucun annuaire ;',
      '<strong>liste orange</strong> : il apparaît, mais ne peut pas être utilisé pour de la prospection ;',
      '<strong>parution</strong> : il apparaît dans les annuaires et services de renseignements.',
    ),
  ),
  q(
    'Où télécharger le contrat d’une ligne ?',
    '<p>Le contrat de chaque ligne (forfait, options, engagement, conditions applicables) se télécharge au format PDF depuis la page de la ligne. Le gestionnaire du compte et l’utilisateur de la ligne y ont accès.</p>',
  ),
]);

const ACCESS = theme(8, () => [
  q(
    'C’est ma première connexion : comment obtenir mon code confidentiel ?',
    `<p>Sur la page de connexion, choisissez « ${RECOVER} » et saisissez l’adresse e-mail à laquelle vous avez reçu votre invitation ou votre contrat. Vous recevez un lien pour créer votre code confidentiel.</p>`,
  ),
  q(
    'J’ai oublié mon code confidentiel, que faire ?',
    `<p>Utilisez le lien « ${RECOVER} » de la page de connexion : un e-mail vous permet de choisir un nouveau code. Le lien n’est valable que pour une durée limitée et une seule fois ; si vous ne le trouvez pas, regardez dans vos courriers indésirables.</p>`,
  ),
  q(
    'Quelles règles doit respecter mon code confidentiel ?',
    '<p>Votre code confidentiel comporte de 8 à 20 caractères, dont au moins une minuscule, une majuscule, un chiffre et un caractère spécial. Les apostrophes, guillemets et les signes &lt; et &gt; ne sont pas acceptés. Un indicateur vous montre sa robustesse pendant la saisie.</p>',
  ),
  q(
    'Comment changer mon code confidentiel ?',
    `<p>Une fois connecté, ouvrez « ${CODE} » dans le menu « Mon compte », saisissez votre code actuel puis le nouveau.</p>`,
  ),
  q(
    'Comment changer l’adresse e-mail de connexion ?',
    `<p>Dans ${PROFILE}, indiquez la nouvelle adresse et confirmez avec votre code confidentiel. Un lien de confirmation est envoyé à la nouvelle adresse, et l’ancienne est prévenue avec un lien pour annuler le changement si vous n’en êtes pas l’auteur.</p>`,
  ),
  q(
    'Pourquoi ma connexion est-elle bloquée ?',
    '<p>Après plusieurs codes erronés, la connexion depuis votre appareil est ralentie : attendez le délai indiqué avant de réessayer. Si votre identifiant subit de nombreuses tentatives, un e-mail vous envoie un lien qui vous permet de vous reconnecter en toute sécurité.</p>',
  ),
  q(
    'Pourquoi suis-je déconnecté automatiquement ?',
    '<p>Par sécurité, votre session se ferme après 30 minutes sans activité. Deux minutes avant, un message vous propose de rester connecté. Fermez aussi votre session avec « Se déconnecter » sur un ordinateur partagé.</p>',
  ),
  q(
    'J’ai reçu un e-mail ou un SMS suspect au nom de {{marque}} : que faire ?',
    `<p>{{marque}} ne vous demande jamais votre code confidentiel, vos coordonnées bancaires complètes ni un code reçu par SMS, par e-mail ou par téléphone. Ne cliquez pas sur le lien et ne répondez pas ; les bons réflexes sont décrits sur la page ${SECURITY}.</p>`,
  ),
]);

export const FAQ_QUESTIONS: readonly QuestionRow[] = [
  ...BILLING,
  ...PAYMENT,
  ...SIM,
  ...PORTABILITY,
  ...ROAMING,
  ...TERMINATION,
  ...LINES_AND_USERS,
  ...ACCESS,
];
