import { DATA_CARBON_FACTORS, mobileDataCarbonGrams, monthlyPrices, OPERATOR_COMPANY, TERMINATION_FEES_RULE } from '@ecare/shared';
import type { legalPages } from '../schema.ts';
import { decimal, euros, groupDigits, typographyHtml } from './french-text.ts';
import { OFFERS } from './offers.ts';

type Row = typeof legalPages.$inferInsert;

/**
 * The legal and information pages every installation starts with (decision 022). `{{marque}}`
 * stands for the brand (BRAND_NAME), put in when a page is served. In-app links carry the
 * application's base path (/ecare, spec §9). Figures come from the declarations they describe
 * (plans, carbon factors, the operator company), so that the texts and the data agree when
 * they ship; a text changed later takes a data migration of its own (decision 014).
 */

const NB = '&nbsp;';
const html = (...blocks: string[]) => typographyHtml(blocks.join('\n'));
const company = OPERATOR_COMPANY;
const groupedSiren = company.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
const contactForm = '<a href="/ecare/assistance/formulaire-contact">formulaire de contact</a>';
/** Where the customer service receives letters (fictional, like the company). */
const CUSTOMER_SERVICE_POST = `${company.denomination} – Service clients Pro, TSA 40210, 92139 Boulogne-Billancourt Cedex`;
/** The data protection officer's address, as the web app's config/contacts.ts gives it. */
const DPO_ADDRESS = [
  '{{marque}} – Délégué à la protection des données',
  'Service Protection des données personnelles',
  '10 rue de l’Exemple',
  '75000 Paris',
];

const MENTIONS_LEGALES = html(
  `<p>Le site Espace client Pro {{marque}} est édité par ${company.denomination}, qui exploite la marque {{marque}}.</p>`,
  '<h2>Éditeur du site</h2>',
  '<dl>',
  `<dt>Dénomination sociale</dt><dd>${company.denomination}</dd>`,
  `<dt>Forme sociale</dt><dd>Société par actions simplifiée (<abbr title="société par actions simplifiée">SAS</abbr>)</dd>`,
  `<dt>Capital social</dt><dd>${groupDigits(company.capitalEuros, NB)}${NB}€</dd>`,
  `<dt>Immatriculation</dt><dd><abbr title="Registre du commerce et des sociétés">RCS</abbr> ${company.rcsVille} ${groupedSiren.replaceAll(' ', NB)}</dd>`,
  `<dt>Siège social</dt><dd>${company.siegeSocial}</dd>`,
  `<dt>Numéro de TVA intracommunautaire</dt><dd>${company.tvaIntracommunautaire}</dd>`,
  `<dt>Téléphone du siège</dt><dd>01${NB}99${NB}00${NB}42${NB}10</dd>`,
  '<dt>Activité réglementée</dt><dd>Opérateur de communications électroniques déclaré auprès de l’Autorité de régulation des communications électroniques, des postes et de la distribution de la presse (Arcep)</dd>',
  '</dl>',
  '<h2>Directrice de la publication</h2>',
  `<p>Hélène Garnier, présidente de ${company.denomination}.</p>`,
  '<h2>Hébergement</h2>',
  `<p>Le site et ses données sont hébergés en France par Datacentres Seine-Nord SAS, 27 avenue des Techniciens, 93200 Saint-Denis (téléphone : 01${NB}99${NB}00${NB}31${NB}52).</p>`,
  '<h2>Nous contacter</h2>',
  `<p>Pour une question sur vos lignes, vos factures ou ce site, utilisez le ${contactForm} de l’espace client, ou écrivez-nous : ${CUSTOMER_SERVICE_POST}.</p>`,
  '<h2>Propriété intellectuelle</h2>',
  `<p>La marque {{marque}}, ses logos, ainsi que les textes, la présentation et les logiciels de ce site sont la propriété de ${company.denomination} ou de ses partenaires. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite et constitue une contrefaçon (articles L.${NB}335-2 et suivants du Code de la propriété intellectuelle).</p>`,
  '<h2>Données personnelles et accessibilité</h2>',
  '<ul>',
  '<li>La façon dont nous traitons vos données est décrite sur la page <a href="/ecare/pages/donnees-personnelles">Données personnelles</a>.</li>',
  '<li>L’état de l’accessibilité de ce site est décrit dans sa <a href="/ecare/pages/accessibilite">déclaration d’accessibilité</a>.</li>',
  '</ul>',
);

const planRows = OFFERS.map((offer) => {
  const { prixMensuelHT, prixMensuelTTC } = monthlyPrices(offer.prixMensuelCentimes);
  return `<tr><th scope="row">${offer.libelle}</th><td>${offer.description}</td><td>${euros(Math.round(prixMensuelHT * 100), NB)}</td><td>${euros(Math.round(prixMensuelTTC * 100), NB)}</td></tr>`;
});

const CONDITIONS_TARIFS = html(
  '<h2>Ce que contient chaque document</h2>',
  '<p>Vos contrats {{marque}} sont régis par trois documents contractuels, applicables dans la version indiquée sur cette page et téléchargeables au format PDF :</p>',
  '<ul>',
  '<li><strong>Conditions générales de vente</strong> (<abbr title="conditions générales de vente">CGV</abbr>) : la commande, la livraison et la garantie des équipements (téléphones, cartes SIM, box, accessoires).</li>',
  '<li><strong>Conditions générales d’abonnement</strong> (<abbr title="conditions générales d’abonnement">CGA</abbr>) : les services mobiles et internet, la durée et l’engagement, la facturation, la suspension et la résiliation.</li>',
  '<li><strong>Guide tarifaire</strong> (<abbr title="guide tarifaire">GT</abbr>) : le prix des forfaits, des options, des communications hors forfait et des frais de service.</li>',
  '</ul>',
  '<h2>Le prix de nos forfaits</h2>',
  '<table>',
  '<caption>Prix mensuel des forfaits, hors taxes et toutes taxes comprises</caption>',
  '<thead><tr><th scope="col">Forfait</th><th scope="col">Ce qui est inclus</th><th scope="col">Prix HT par mois</th><th scope="col">Prix TTC par mois</th></tr></thead>',
  `<tbody>${planRows.join('')}</tbody>`,
  '</table>',
  '<p>Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20 %). Le détail des options, des communications hors forfait et des frais figure dans le guide tarifaire.</p>',
  '<h2>Facturation et paiement</h2>',
  '<ul>',
  '<li>Les forfaits et les options sont facturés chaque mois, d’avance ; les communications hors forfait le sont le mois suivant.</li>',
  '<li>Les factures sont payables par prélèvement SEPA, par carte bancaire ou par virement, dans un délai de 30 jours à compter de leur date d’émission.</li>',
  '<li>Un prélèvement que vous n’avez pas autorisé peut être contesté auprès de votre banque dans un délai de 13 mois à compter du débit de votre compte.</li>',
  '<li>En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal et une indemnité forfaitaire de 40 € pour frais de recouvrement sont dues (article L.&nbsp;441-10 du Code de commerce).</li>',
  '</ul>',
  '<h2>Durée et engagement</h2>',
  '<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières.</p>',
  `<p>${TERMINATION_FEES_RULE} Le détail et le calcul des frais sont donnés dans l’espace client avant toute demande de résiliation (conditions générales d’abonnement, article 10).</p>`,
);

const carbonExamples = [1, 5, 20, 50, 150].map(
  (gigabytes) => `<tr><th scope="row">${groupDigits(gigabytes, NB)}${NB}Go</th><td>${groupDigits(mobileDataCarbonGrams(gigabytes), NB)}${NB}g${NB}éqCO<sub>2</sub></td></tr>`,
);
const mobileFactor = `${decimal(DATA_CARBON_FACTORS.mobileGrammesParGo, NB)}${NB}g${NB}éqCO<sub>2</sub>`;
const fixedFactor = `${decimal(DATA_CARBON_FACTORS.fixeKilogrammesParMois, NB)}${NB}kg${NB}éqCO<sub>2</sub>`;

const ENVIRONNEMENT = html(
  '<p>En application de l’article 13 de la loi n° 2020-105 du 10 février 2020 relative à la lutte contre le gaspillage et à l’économie circulaire (loi AGEC) et du décret n° 2021-1732 du 21 décembre 2021, {{marque}} informe ses abonnés de la quantité de données qu’ils consomment et de l’équivalent en émissions de gaz à effet de serre correspondant.</p>',
  '<h2>L’équivalent carbone de vos données</h2>',
  `<p>Sur le réseau mobile, chaque gigaoctet (Go) de données consommé correspond à <strong>${mobileFactor}</strong> (grammes d’équivalent dioxyde de carbone). Pour un accès internet fixe (Box Pro Fibre), l’équivalent est forfaitaire : <strong>${fixedFactor} par mois</strong> et par abonnement, quelle que soit la quantité de données consommée.</p>`,
  '<table>',
  '<caption>Équivalent en émissions de gaz à effet de serre d’une consommation mensuelle de données mobiles</caption>',
  '<thead><tr><th scope="col">Données mobiles consommées dans le mois</th><th scope="col">Équivalent en émissions</th></tr></thead>',
  `<tbody>${carbonExamples.join('')}</tbody>`,
  '</table>',
  '<p>La consommation de données de chacune de vos lignes, mois par mois, figure dans son suivi de consommation (menu « Mes lignes », rubrique « Suivi conso »). Son équivalent s’obtient en multipliant le nombre de gigaoctets consommés par le facteur ci-dessus, arrondi au gramme.</p>',
  '<h2>Méthode de calcul</h2>',
  '<ul>',
  '<li>Les facteurs sont ceux de la méthodologie mise à disposition par l’Agence de la transition écologique (ADEME), établie selon une analyse du cycle de vie : fabrication, installation, utilisation et fin de vie des équipements.</li>',
  '<li>Le périmètre comprend les équipements des réseaux mobiles et fixes (antennes, cœur de réseau, liaisons de transport) et, pour l’internet fixe, la box. Les terminaux des utilisateurs (téléphones, ordinateurs, tablettes) et les centres de données des services consultés en sont exclus.</li>',
  `<li>Réseau mobile : quantité de données consommée par la ligne dans le mois, en gigaoctets, multipliée par le ratio moyen majorant représentatif de l’impact du réseau mobile en France, ${mobileFactor} par Go.</li>`,
  `<li>Internet fixe : impact moyen de la consommation internet fixe d’un abonné en France, ${fixedFactor} par mois.</li>`,
  '<li>Le volume retenu est celui relevé par notre réseau pour chaque ligne ; les résultats sont arrondis à l’unité. Les facteurs sont revus lorsque l’ADEME publie une mise à jour de sa méthodologie.</li>',
  '</ul>',
  '<h2>Réduire l’empreinte de vos usages</h2>',
  '<ul>',
  '<li>Au bureau, préférez le Wi-Fi de votre accès fixe au réseau mobile : son empreinte ne dépend pas du volume consommé.</li>',
  '<li>Gardez vos téléphones plus longtemps : leur fabrication pèse bien plus que leur usage. Faites-les réparer plutôt que de les remplacer (voir notre <a href="/ecare/assistance/sav">service après-vente</a>) et envisagez un appareil reconditionné.</li>',
  '<li>Téléchargez une fois en Wi-Fi les contenus que vous consultez souvent et réduisez la qualité des vidéos regardées sur le réseau mobile.</li>',
  '<li>Rapportez vos anciens téléphones, batteries et chargeurs dans un point de collecte : ils sont reconditionnés ou recyclés.</li>',
  '</ul>',
);

const dataRows = [
  ['Gestion de votre compte et de l’espace client : connexion, choix du compte de facturation, gestion des lignes et de leurs utilisateurs', 'Exécution du contrat', 'Durée du contrat, puis 5 ans (prescription)'],
  ['Fourniture des services, facturation et recouvrement', 'Exécution du contrat ; obligation légale pour les pièces comptables', 'Factures : 10 ans à compter de la clôture de l’exercice'],
  ['Sécurité de l’espace client : sessions, limitation des tentatives de connexion, liens envoyés par e-mail', 'Intérêt légitime (protéger vos comptes)', 'Sessions : 7 jours après leur fin ; liens : 30 jours après leur utilisation ou leur expiration ; compteurs de tentatives : 30 jours au plus'],
  ['E-mails envoyés par l’espace client', 'Exécution du contrat', '30 jours après leur envoi (90 jours pour un e-mail qui n’a pas pu être remis)'],
  ['Journal des actions sensibles : lecture d’un code PUK ou d’un RIO, activation de carte SIM, déclaration de perte ou de vol, export de la liste des lignes, téléchargement d’un contrat', 'Intérêt légitime (prévenir et établir la fraude)', '1 an'],
  ['Données de trafic des lignes', `Obligation légale (article L.${NB}34-1 du Code des postes et des communications électroniques)`, '1 an'],
  ['Informations et offres par e-mail ou par SMS', 'Votre choix dans les préférences de contact, modifiable à tout moment', '3 ans après le dernier contact'],
  ['Traitement de vos demandes d’assistance et réclamations', 'Exécution du contrat', '3 ans après la clôture de la demande'],
].map(([purpose, basis, retention]) => `<tr><th scope="row">${purpose}</th><td>${basis}</td><td>${retention}</td></tr>`);

const DONNEES_PERSONNELLES = html(
  `<p>${company.denomination}, qui exploite la marque {{marque}}, est responsable des traitements de données personnelles décrits ci-après, réalisés pour l’Espace client Pro et les services souscrits par votre entreprise.</p>`,
  '<h2>Responsable du traitement</h2>',
  `<p>${company.denomination}, ${company.formeJuridique} au capital de ${groupDigits(company.capitalEuros, NB)}${NB}€, <abbr title="Registre du commerce et des sociétés">RCS</abbr> ${company.rcsVille} ${groupedSiren.replaceAll(' ', NB)}, ${company.siegeSocial}.</p>`,
  '<h2>Délégué à la protection des données</h2>',
  `<p>Pour toute question sur vos données, écrivez à notre délégué à la protection des données par le ${contactForm} ou par courrier :</p>`,
  `<address>${DPO_ADDRESS.join('<br>')}</address>`,
  '<h2>Les données traitées</h2>',
  '<ul>',
  '<li>Identification et coordonnées : nom, prénom, adresse e-mail, téléphone, raison sociale, numéros SIREN et SIRET, adresses de facturation et de livraison.</li>',
  '<li>Contrats : numéros de ligne et de contrat, offres et options, utilisateurs des lignes, cartes SIM et eSIM.</li>',
  '<li>Consommation et facturation : volumes consommés par période, factures, moyens de paiement (IBAN, mandat SEPA).</li>',
  '<li>Connexion et sécurité : adresse IP, dates de connexion, actions sensibles effectuées dans l’espace client.</li>',
  '<li>Échanges avec nos services : demandes d’assistance, réclamations.</li>',
  '</ul>',
  '<p>Nous ne traitons pas le contenu de vos communications.</p>',
  '<h2>Finalités, bases légales et durées de conservation</h2>',
  '<table>',
  '<caption>Pourquoi nous traitons vos données, sur quelle base et combien de temps nous les gardons</caption>',
  '<thead><tr><th scope="col">Finalité</th><th scope="col">Base légale</th><th scope="col">Durée de conservation</th></tr></thead>',
  `<tbody>${dataRows.join('')}</tbody>`,
  '</table>',
  '<h2>Destinataires</h2>',
  `<p>Vos données sont accessibles aux seules équipes de ${company.denomination} qui en ont besoin (service clients, facturation, sécurité) et à nos sous-traitants, tenus par contrat à la confidentialité et à la sécurité : hébergement, envoi des e-mails, paiement en ligne, livraison. Elles peuvent être communiquées aux autorités qui en font la demande dans le cadre de la loi. Elles ne sont jamais vendues.</p>`,
  '<h2>Hébergement et transferts</h2>',
  '<p>Vos données sont hébergées en France. Lorsque la protection contre les robots est activée sur les pages de connexion, le service reCAPTCHA de Google, qui peut traiter des données aux États-Unis dans le cadre du cadre de protection des données UE–États-Unis, reçoit l’adresse IP et des informations sur le navigateur.</p>',
  '<h2>Cookies et stockage dans votre navigateur</h2>',
  '<p>L’espace client n’utilise ni cookie publicitaire ni mesure d’audience. Il n’enregistre dans votre navigateur que ce qui est nécessaire à son fonctionnement, sans consentement préalable : un cookie de protection contre la falsification de requêtes (XSRF-TOKEN), le jeton de votre session, effacé à la fermeture de l’onglet, le compte de facturation et la ligne choisis, et la date de votre dernière activité, qui permet de fermer la session après 30 minutes d’inactivité.</p>',
  '<h2>Vos droits</h2>',
  '<p>Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données, ainsi que du droit de définir des directives sur leur sort après votre décès. Lorsque le traitement repose sur votre choix, vous pouvez le retirer à tout moment dans vos <a href="/ecare/mon-compte/preferences">préférences de contact</a>.</p>',
  `<p>Pour exercer ces droits, écrivez à notre délégué à la protection des données par le ${contactForm} ou à l’adresse ci-dessus. Nous vous répondons dans un délai d’un mois, qui peut être prolongé de deux mois pour une demande complexe ; nous pouvons vous demander un justificatif d’identité en cas de doute.</p>`,
  '<p>Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur <a href="https://www.cnil.fr/">www.cnil.fr</a>.</p>',
);

const ACCESSIBILITE = html(
  `<p>${company.denomination} s’engage à rendre ses services numériques accessibles, conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d’accessibilité s’applique à l’Espace client Pro {{marque}}.</p>`,
  '<h2>État de conformité</h2>',
  '<p>L’Espace client Pro {{marque}} est <strong>non conforme</strong> avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2 : aucun audit de conformité n’a encore été réalisé, et aucun taux de conformité ne peut donc être annoncé.</p>',
  '<h2>Ce qui a été vérifié</h2>',
  '<ul>',
  '<li>Les pages de l’espace client sont contrôlées automatiquement par les tests du site à chacune de ses évolutions : dans le navigateur Chromium, l’outil axe-core vérifie les règles des niveaux A et AA des règles pour l’accessibilité des contenus web (WCAG) 2.1, sur un écran d’ordinateur et, pour la plupart des pages, à la largeur d’un téléphone (375 pixels). Ces tests échouent à la moindre anomalie détectée.</li>',
  '<li>La connexion et les principaux parcours sont joués au clavier seul dans ces mêmes tests.</li>',
  '<li>Les menus, fenêtres de dialogue, onglets et listes de choix reposent sur des composants qui suivent les modèles de conception WAI-ARIA ; chaque page a un titre distinct, un seul titre de premier niveau et un lien d’évitement vers son contenu.</li>',
  '</ul>',
  '<h2>Ce qui n’est pas encore vérifié</h2>',
  '<ul>',
  '<li>Aucun audit manuel des 106 critères du RGAA n’a été mené. Les contrôles automatiques ne détectent qu’une partie des défauts : pertinence des textes alternatifs et des intitulés, ordre de lecture, compréhension des messages, entre autres, restent à évaluer.</li>',
  '<li>Les pages n’ont pas été testées de façon systématique avec des lecteurs d’écran (NVDA, JAWS, VoiceOver, TalkBack) ni avec des agrandissements de texte importants.</li>',
  '</ul>',
  '<h2>Contenus non accessibles</h2>',
  '<ul>',
  '<li>Les documents PDF (contrats de ligne, conditions générales, guide tarifaire) ne sont pas balisés : les technologies d’assistance ne peuvent pas en restituer la structure. Leur contenu vous est transmis sous une autre forme sur simple demande.</li>',
  '</ul>',
  '<h2>Établissement de cette déclaration</h2>',
  '<p>Cette déclaration a été établie le 16 novembre 2026.</p>',
  '<ul>',
  '<li>Technologies utilisées : HTML, CSS, JavaScript, WAI-ARIA.</li>',
  '<li>Outils de vérification : axe-core, navigateur Chromium.</li>',
  '</ul>',
  '<h2>Retour d’information et contact</h2>',
  `<p>Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme : par le ${contactForm}, ou par courrier à ${CUSTOMER_SERVICE_POST}.</p>`,
  '<h2>Voies de recours</h2>',
  '<p>Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service du portail et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez :</p>',
  '<ul>',
  '<li>écrire un message au Défenseur des droits par son <a href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne</a> ;</li>',
  '<li>contacter le délégué du Défenseur des droits de votre région, dont les coordonnées figurent sur <a href="https://www.defenseurdesdroits.fr/">www.defenseurdesdroits.fr</a> ;</li>',
  '<li>envoyer un courrier par la poste, gratuitement et sans timbre : Défenseur des droits, Libre réponse 71120, 75342 Paris Cedex 07.</li>',
  '</ul>',
);

export const LEGAL_PAGES: readonly Row[] = [
  { pageCode: 'MENTIONS_LEGALES', titre: 'Mentions légales', contenuHtml: MENTIONS_LEGALES, miseAJour: '2026-11-16' },
  { pageCode: 'CONDITIONS_TARIFS', titre: 'Conditions et tarifs', contenuHtml: CONDITIONS_TARIFS, miseAJour: '2026-11-28' },
  { pageCode: 'ENVIRONNEMENT', titre: 'Environnement', contenuHtml: ENVIRONNEMENT, miseAJour: '2026-11-16' },
  { pageCode: 'DONNEES_PERSONNELLES', titre: 'Données personnelles', contenuHtml: DONNEES_PERSONNELLES, miseAJour: '2026-11-16' },
  { pageCode: 'ACCESSIBILITE', titre: 'Déclaration d’accessibilité', contenuHtml: ACCESSIBILITE, miseAJour: '2026-11-16' },
];
