CREATE TABLE "legal_pages" (
	"page_code" text PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"contenu_html" text NOT NULL,
	"mise_a_jour" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_documents" (
	"type" text PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"version" text NOT NULL,
	"date_version" date NOT NULL,
	"ordre" integer NOT NULL,
	"contenu" text NOT NULL
);

--> statement-breakpoint
-- Reference data of the tables above (docs/decisions/014 and 022): the legal and information
-- pages and the static documents every installation starts with. Rows already present are left as
-- they are. Generated from src/db/reference/ with `npx tsx src/db/reference/print-sql.ts`.
INSERT INTO "legal_pages" ("page_code", "titre", "contenu_html", "mise_a_jour") VALUES
  ('MENTIONS_LEGALES', 'Mentions légales', '<p>Le site Espace client Pro {{marque}} est édité par Telora SAS, qui exploite la marque {{marque}}.</p>
<h2>Éditeur du site</h2>
<dl>
<dt>Dénomination sociale</dt><dd>Telora SAS</dd>
<dt>Forme sociale</dt><dd>Société par actions simplifiée (<abbr title="société par actions simplifiée">SAS</abbr>)</dd>
<dt>Capital social</dt><dd>25&nbsp;000&nbsp;000&nbsp;€</dd>
<dt>Immatriculation</dt><dd><abbr title="Registre du commerce et des sociétés">RCS</abbr> Nanterre 512&nbsp;345&nbsp;679</dd>
<dt>Siège social</dt><dd>18 rue des Quatre-Vents, 92100 Boulogne-Billancourt</dd>
<dt>Numéro de TVA intracommunautaire</dt><dd>FR75512345679</dd>
<dt>Téléphone du siège</dt><dd>01&nbsp;99&nbsp;00&nbsp;42&nbsp;10</dd>
<dt>Activité réglementée</dt><dd>Opérateur de communications électroniques déclaré auprès de l’Autorité de régulation des communications électroniques, des postes et de la distribution de la presse (Arcep)</dd>
</dl>
<h2>Directrice de la publication</h2>
<p>Hélène Garnier, présidente de Telora SAS.</p>
<h2>Hébergement</h2>
<p>Le site et ses données sont hébergés en France par Datacentres Seine-Nord SAS, 27 avenue des Techniciens, 93200 Saint-Denis (téléphone&nbsp;: 01&nbsp;99&nbsp;00&nbsp;31&nbsp;52).</p>
<h2>Nous contacter</h2>
<p>Pour une question sur vos lignes, vos factures ou ce site, utilisez le <a href="/ecare/assistance/formulaire-contact">formulaire de contact</a> de l’espace client, ou écrivez-nous&nbsp;: Telora SAS – Service clients Pro, TSA 40210, 92139 Boulogne-Billancourt Cedex.</p>
<h2>Propriété intellectuelle</h2>
<p>La marque {{marque}}, ses logos, ainsi que les textes, la présentation et les logiciels de ce site sont la propriété de Telora SAS ou de ses partenaires. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite et constitue une contrefaçon (articles L.&nbsp;335-2 et suivants du Code de la propriété intellectuelle).</p>
<h2>Données personnelles et accessibilité</h2>
<ul>
<li>La façon dont nous traitons vos données est décrite sur la page <a href="/ecare/pages/donnees-personnelles">Données personnelles</a>.</li>
<li>L’état de l’accessibilité de ce site est décrit dans sa <a href="/ecare/pages/accessibilite">déclaration d’accessibilité</a>.</li>
</ul>', '2026-11-16'),
  ('CONDITIONS_TARIFS', 'Conditions et tarifs', '<h2>Ce que contient chaque document</h2>
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
<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières. En cas de résiliation avant la fin de cette période, les mensualités restant à courir jusqu’à son terme sont dues, dans les conditions des conditions générales d’abonnement.</p>', '2026-11-16'),
  ('ENVIRONNEMENT', 'Environnement', '<p>En application de l’article 13 de la loi n° 2020-105 du 10 février 2020 relative à la lutte contre le gaspillage et à l’économie circulaire (loi AGEC) et du décret n° 2021-1732 du 21 décembre 2021, {{marque}} informe ses abonnés de la quantité de données qu’ils consomment et de l’équivalent en émissions de gaz à effet de serre correspondant.</p>
<h2>L’équivalent carbone de vos données</h2>
<p>Sur le réseau mobile, chaque gigaoctet (Go) de données consommé correspond à <strong>49,4&nbsp;g&nbsp;éqCO<sub>2</sub></strong> (grammes d’équivalent dioxyde de carbone). Pour un accès internet fixe (Box Pro Fibre), l’équivalent est forfaitaire&nbsp;: <strong>4,1&nbsp;kg&nbsp;éqCO<sub>2</sub> par mois</strong> et par abonnement, quelle que soit la quantité de données consommée.</p>
<table>
<caption>Équivalent en émissions de gaz à effet de serre d’une consommation mensuelle de données mobiles</caption>
<thead><tr><th scope="col">Données mobiles consommées dans le mois</th><th scope="col">Équivalent en émissions</th></tr></thead>
<tbody><tr><th scope="row">1&nbsp;Go</th><td>49&nbsp;g&nbsp;éqCO<sub>2</sub></td></tr><tr><th scope="row">5&nbsp;Go</th><td>247&nbsp;g&nbsp;éqCO<sub>2</sub></td></tr><tr><th scope="row">20&nbsp;Go</th><td>988&nbsp;g&nbsp;éqCO<sub>2</sub></td></tr><tr><th scope="row">50&nbsp;Go</th><td>2&nbsp;470&nbsp;g&nbsp;éqCO<sub>2</sub></td></tr><tr><th scope="row">150&nbsp;Go</th><td>7&nbsp;410&nbsp;g&nbsp;éqCO<sub>2</sub></td></tr></tbody>
</table>
<p>La consommation de données de chacune de vos lignes, mois par mois, figure dans son suivi de consommation (menu «&nbsp;Mes lignes&nbsp;», rubrique «&nbsp;Suivi conso&nbsp;»). Son équivalent s’obtient en multipliant le nombre de gigaoctets consommés par le facteur ci-dessus, arrondi au gramme.</p>
<h2>Méthode de calcul</h2>
<ul>
<li>Les facteurs sont ceux de la méthodologie mise à disposition par l’Agence de la transition écologique (ADEME), établie selon une analyse du cycle de vie&nbsp;: fabrication, installation, utilisation et fin de vie des équipements.</li>
<li>Le périmètre comprend les équipements des réseaux mobiles et fixes (antennes, cœur de réseau, liaisons de transport) et, pour l’internet fixe, la box. Les terminaux des utilisateurs (téléphones, ordinateurs, tablettes) et les centres de données des services consultés en sont exclus.</li>
<li>Réseau mobile&nbsp;: quantité de données consommée par la ligne dans le mois, en gigaoctets, multipliée par le ratio moyen majorant représentatif de l’impact du réseau mobile en France, 49,4&nbsp;g&nbsp;éqCO<sub>2</sub> par Go.</li>
<li>Internet fixe&nbsp;: impact moyen de la consommation internet fixe d’un abonné en France, 4,1&nbsp;kg&nbsp;éqCO<sub>2</sub> par mois.</li>
<li>Le volume retenu est celui relevé par notre réseau pour chaque ligne&nbsp;; les résultats sont arrondis à l’unité. Les facteurs sont revus lorsque l’ADEME publie une mise à jour de sa méthodologie.</li>
</ul>
<h2>Réduire l’empreinte de vos usages</h2>
<ul>
<li>Au bureau, préférez le Wi-Fi de votre accès fixe au réseau mobile&nbsp;: son empreinte ne dépend pas du volume consommé.</li>
<li>Gardez vos téléphones plus longtemps&nbsp;: leur fabrication pèse bien plus que leur usage. Faites-les réparer plutôt que de les remplacer (voir notre <a href="/ecare/assistance/sav">service après-vente</a>) et envisagez un appareil reconditionné.</li>
<li>Téléchargez une fois en Wi-Fi les contenus que vous consultez souvent et réduisez la qualité des vidéos regardées sur le réseau mobile.</li>
<li>Rapportez vos anciens téléphones, batteries et chargeurs dans un point de collecte&nbsp;: ils sont reconditionnés ou recyclés.</li>
</ul>', '2026-11-16'),
  ('DONNEES_PERSONNELLES', 'Données personnelles', '<p>Telora SAS, qui exploite la marque {{marque}}, est responsable des traitements de données personnelles décrits ci-après, réalisés pour l’Espace client Pro et les services souscrits par votre entreprise.</p>
<h2>Responsable du traitement</h2>
<p>Telora SAS, société par actions simplifiée au capital de 25&nbsp;000&nbsp;000&nbsp;€, <abbr title="Registre du commerce et des sociétés">RCS</abbr> Nanterre 512&nbsp;345&nbsp;679, 18 rue des Quatre-Vents, 92100 Boulogne-Billancourt.</p>
<h2>Délégué à la protection des données</h2>
<p>Pour toute question sur vos données, écrivez à notre délégué à la protection des données par le <a href="/ecare/assistance/formulaire-contact">formulaire de contact</a> ou par courrier&nbsp;:</p>
<address>{{marque}} – Délégué à la protection des données<br>Service Protection des données personnelles<br>10 rue de l’Exemple<br>75000 Paris</address>
<h2>Les données traitées</h2>
<ul>
<li>Identification et coordonnées&nbsp;: nom, prénom, adresse e-mail, téléphone, raison sociale, numéros SIREN et SIRET, adresses de facturation et de livraison.</li>
<li>Contrats&nbsp;: numéros de ligne et de contrat, offres et options, utilisateurs des lignes, cartes SIM et eSIM.</li>
<li>Consommation et facturation&nbsp;: volumes consommés par période, factures, moyens de paiement (IBAN, mandat SEPA).</li>
<li>Connexion et sécurité&nbsp;: adresse IP, dates de connexion, actions sensibles effectuées dans l’espace client.</li>
<li>Échanges avec nos services&nbsp;: demandes d’assistance, réclamations.</li>
</ul>
<p>Nous ne traitons pas le contenu de vos communications.</p>
<h2>Finalités, bases légales et durées de conservation</h2>
<table>
<caption>Pourquoi nous traitons vos données, sur quelle base et combien de temps nous les gardons</caption>
<thead><tr><th scope="col">Finalité</th><th scope="col">Base légale</th><th scope="col">Durée de conservation</th></tr></thead>
<tbody><tr><th scope="row">Gestion de votre compte et de l’espace client&nbsp;: connexion, choix du compte de facturation, gestion des lignes et de leurs utilisateurs</th><td>Exécution du contrat</td><td>Durée du contrat, puis 5 ans (prescription)</td></tr><tr><th scope="row">Fourniture des services, facturation et recouvrement</th><td>Exécution du contrat&nbsp;; obligation légale pour les pièces comptables</td><td>Factures&nbsp;: 10 ans à compter de la clôture de l’exercice</td></tr><tr><th scope="row">Sécurité de l’espace client&nbsp;: sessions, limitation des tentatives de connexion, liens envoyés par e-mail</th><td>Intérêt légitime (protéger vos comptes)</td><td>Sessions&nbsp;: 7 jours après leur fin&nbsp;; liens&nbsp;: 30 jours après leur utilisation ou leur expiration&nbsp;; compteurs de tentatives&nbsp;: 30 jours au plus</td></tr><tr><th scope="row">E-mails envoyés par l’espace client</th><td>Exécution du contrat</td><td>30 jours après leur envoi (90 jours pour un e-mail qui n’a pas pu être remis)</td></tr><tr><th scope="row">Journal des actions sensibles&nbsp;: lecture d’un code PUK ou d’un RIO, activation de carte SIM, déclaration de perte ou de vol, export de la liste des lignes, téléchargement d’un contrat</th><td>Intérêt légitime (prévenir et établir la fraude)</td><td>1 an</td></tr><tr><th scope="row">Données de trafic des lignes</th><td>Obligation légale (article L.&nbsp;34-1 du Code des postes et des communications électroniques)</td><td>1 an</td></tr><tr><th scope="row">Informations et offres par e-mail ou par SMS</th><td>Votre choix dans les préférences de contact, modifiable à tout moment</td><td>3 ans après le dernier contact</td></tr><tr><th scope="row">Traitement de vos demandes d’assistance et réclamations</th><td>Exécution du contrat</td><td>3 ans après la clôture de la demande</td></tr></tbody>
</table>
<h2>Destinataires</h2>
<p>Vos données sont accessibles aux seules équipes de Telora SAS qui en ont besoin (service clients, facturation, sécurité) et à nos sous-traitants, tenus par contrat à la confidentialité et à la sécurité&nbsp;: hébergement, envoi des e-mails, paiement en ligne, livraison. Elles peuvent être communiquées aux autorités qui en font la demande dans le cadre de la loi. Elles ne sont jamais vendues.</p>
<h2>Hébergement et transferts</h2>
<p>Vos données sont hébergées en France. Lorsque la protection contre les robots est activée sur les pages de connexion, le service reCAPTCHA de Google, qui peut traiter des données aux États-Unis dans le cadre du cadre de protection des données UE–États-Unis, reçoit l’adresse IP et des informations sur le navigateur.</p>
<h2>Cookies et stockage dans votre navigateur</h2>
<p>L’espace client n’utilise ni cookie publicitaire ni mesure d’audience. Il n’enregistre dans votre navigateur que ce qui est nécessaire à son fonctionnement, sans consentement préalable&nbsp;: un cookie de protection contre la falsification de requêtes (XSRF-TOKEN), le jeton de votre session, effacé à la fermeture de l’onglet, le compte de facturation et la ligne choisis, et la date de votre dernière activité, qui permet de fermer la session après 30 minutes d’inactivité.</p>
<h2>Vos droits</h2>
<p>Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données, ainsi que du droit de définir des directives sur leur sort après votre décès. Lorsque le traitement repose sur votre choix, vous pouvez le retirer à tout moment dans vos <a href="/ecare/mon-compte/preferences">préférences de contact</a>.</p>
<p>Pour exercer ces droits, écrivez à notre délégué à la protection des données par le <a href="/ecare/assistance/formulaire-contact">formulaire de contact</a> ou à l’adresse ci-dessus. Nous vous répondons dans un délai d’un mois, qui peut être prolongé de deux mois pour une demande complexe&nbsp;; nous pouvons vous demander un justificatif d’identité en cas de doute.</p>
<p>Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur <a href="https://www.cnil.fr/">www.cnil.fr</a>.</p>', '2026-11-16'),
  ('ACCESSIBILITE', 'Déclaration d’accessibilité', '<p>Telora SAS s’engage à rendre ses services numériques accessibles, conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d’accessibilité s’applique à l’Espace client Pro {{marque}}.</p>
<h2>État de conformité</h2>
<p>L’Espace client Pro {{marque}} est <strong>non conforme</strong> avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2&nbsp;: aucun audit de conformité n’a encore été réalisé, et aucun taux de conformité ne peut donc être annoncé.</p>
<h2>Ce qui a été vérifié</h2>
<ul>
<li>Les pages de l’espace client sont contrôlées automatiquement par les tests du site à chacune de ses évolutions&nbsp;: dans le navigateur Chromium, l’outil axe-core vérifie les règles des niveaux A et AA des règles pour l’accessibilité des contenus web (WCAG) 2.1, sur un écran d’ordinateur et, pour la plupart des pages, à la largeur d’un téléphone (375 pixels). Ces tests échouent à la moindre anomalie détectée.</li>
<li>La connexion et les principaux parcours sont joués au clavier seul dans ces mêmes tests.</li>
<li>Les menus, fenêtres de dialogue, onglets et listes de choix reposent sur des composants qui suivent les modèles de conception WAI-ARIA&nbsp;; chaque page a un titre distinct, un seul titre de premier niveau et un lien d’évitement vers son contenu.</li>
</ul>
<h2>Ce qui n’est pas encore vérifié</h2>
<ul>
<li>Aucun audit manuel des 106 critères du RGAA n’a été mené. Les contrôles automatiques ne détectent qu’une partie des défauts&nbsp;: pertinence des textes alternatifs et des intitulés, ordre de lecture, compréhension des messages, entre autres, restent à évaluer.</li>
<li>Les pages n’ont pas été testées de façon systématique avec des lecteurs d’écran (NVDA, JAWS, VoiceOver, TalkBack) ni avec des agrandissements de texte importants.</li>
</ul>
<h2>Contenus non accessibles</h2>
<ul>
<li>Les documents PDF (contrats de ligne, conditions générales, guide tarifaire) ne sont pas balisés&nbsp;: les technologies d’assistance ne peuvent pas en restituer la structure. Leur contenu vous est transmis sous une autre forme sur simple demande.</li>
</ul>
<h2>Établissement de cette déclaration</h2>
<p>Cette déclaration a été établie le 16 novembre 2026.</p>
<ul>
<li>Technologies utilisées&nbsp;: HTML, CSS, JavaScript, WAI-ARIA.</li>
<li>Outils de vérification&nbsp;: axe-core, navigateur Chromium.</li>
</ul>
<h2>Retour d’information et contact</h2>
<p>Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme&nbsp;: par le <a href="/ecare/assistance/formulaire-contact">formulaire de contact</a>, ou par courrier à Telora SAS – Service clients Pro, TSA 40210, 92139 Boulogne-Billancourt Cedex.</p>
<h2>Voies de recours</h2>
<p>Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service du portail et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez&nbsp;:</p>
<ul>
<li>écrire un message au Défenseur des droits par son <a href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne</a>&nbsp;;</li>
<li>contacter le délégué du Défenseur des droits de votre région, dont les coordonnées figurent sur <a href="https://www.defenseurdesdroits.fr/">www.defenseurdesdroits.fr</a>&nbsp;;</li>
<li>envoyer un courrier par la poste, gratuitement et sans timbre&nbsp;: Défenseur des droits, Libre réponse 71120, 75342 Paris Cedex 07.</li>
</ul>', '2026-11-16')
ON CONFLICT ("page_code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "static_documents" ("type", "titre", "version", "date_version", "ordre", "contenu") VALUES
  ('CGV', 'Conditions générales de vente', '2026.2', '2026-10-01', 1, 'Les présentes conditions générales de vente s’appliquent à toute commande d’équipements (téléphones mobiles, cartes SIM et eSIM, box internet, accessoires) passée auprès de Telora SAS, société par actions simplifiée au capital de 25 000 000 €, immatriculée au RCS de Nanterre sous le numéro 512 345 679, dont le siège social est situé 18 rue des Quatre-Vents, 92100 Boulogne-Billancourt (ci-après « {{marque}} »), par un client professionnel (ci-après « le Client ») agissant pour les besoins de son activité.

## Article 1 – Objet et documents contractuels

Les présentes conditions définissent les conditions dans lesquelles {{marque}} vend des équipements au Client. Elles sont complétées par le guide tarifaire et, pour un équipement vendu avec un abonnement, par les conditions générales d’abonnement. Elles prévalent sur toutes conditions d’achat du Client, sauf accord écrit de {{marque}}.

## Article 2 – Commande

La commande est passée depuis l’espace client, auprès d’un conseiller ou d’un point de vente partenaire. Elle devient ferme après validation du récapitulatif de commande par le Client et, le cas échéant, vérification de sa solvabilité. {{marque}} peut refuser une commande anormale ou passée de mauvaise foi, notamment en cas d’impayé antérieur.

## Article 3 – Prix et paiement

Les prix sont ceux du guide tarifaire en vigueur au jour de la commande, exprimés en euros hors taxes et toutes taxes comprises. Les équipements sont payables à la commande, ou avec la première facture d’abonnement lorsqu’ils sont vendus avec un abonnement. Tout retard de paiement entraîne l’application de pénalités au taux de trois fois le taux d’intérêt légal et d’une indemnité forfaitaire de 40 € pour frais de recouvrement (article L. 441-10 du Code de commerce).

## Article 4 – Livraison

Les équipements sont livrés à l’adresse indiquée lors de la commande, en France métropolitaine, dans un délai indicatif de 2 à 5 jours ouvrés à compter de la confirmation de la commande. Le Client vérifie l’état du colis à sa réception et porte ses réserves précises sur le bon de livraison ; il les confirme au transporteur par lettre recommandée dans les 3 jours (article L. 133-3 du Code de commerce).

## Article 5 – Transfert de propriété et des risques

Les risques sont transférés au Client à la remise des équipements. {{marque}} en conserve la propriété jusqu’au paiement complet du prix. La carte SIM reste en toute hypothèse la propriété de {{marque}}.

## Article 6 – Droit de rétractation

Le Client professionnel ne dispose pas du droit de rétractation, sauf s’il emploie au plus cinq salariés et que la commande, conclue hors établissement, n’entre pas dans le champ de son activité principale (article L. 221-3 du Code de la consommation). Il dispose alors de 14 jours à compter de la réception de l’équipement pour se rétracter, au moyen du formulaire de contact de l’espace client.

## Article 7 – Garanties

- Les équipements neufs bénéficient de la garantie commerciale de leur fabricant, d’une durée de 24 mois à compter de la livraison sauf mention contraire sur la fiche de l’équipement, et les équipements reconditionnés d’une garantie de 12 mois.
- Le Client bénéficie en outre de la garantie légale des vices cachés (articles 1641 et suivants du Code civil).
- Sont exclus des garanties les dommages dus à une chute, à l’oxydation, à une utilisation non conforme ou à une intervention d’un réparateur non agréé.

## Article 8 – Service après-vente

Le Client déclare une panne depuis la page « Service après-vente » de l’espace client. {{marque}} organise l’enlèvement ou le dépôt de l’équipement, sa réparation ou, si elle est impossible, son échange par un équipement équivalent. Un téléphone de prêt peut être fourni pendant l’immobilisation, selon l’offre souscrite. Le Client sauvegarde ses données avant tout envoi : {{marque}} n’est pas responsable de leur perte.

## Article 9 – Responsabilité

La responsabilité de {{marque}} est limitée aux dommages directs et prévisibles, dans la limite du prix de l’équipement concerné. Elle ne saurait être engagée pour les pertes d’exploitation, de données ou de chiffre d’affaires du Client.

## Article 10 – Données personnelles

Les données recueillies lors de la commande sont traitées par {{marque}} pour son exécution, dans les conditions décrites sur la page « Données personnelles » de l’espace client.

## Article 11 – Droit applicable et litiges

Les présentes conditions sont soumises au droit français. À défaut d’accord amiable, tout litige relatif à leur interprétation ou à leur exécution relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.'),
  ('CGA', 'Conditions générales d’abonnement', '2026.2', '2026-10-01', 2, 'Les présentes conditions générales d’abonnement s’appliquent aux services de communications électroniques mobiles et internet fixe fournis par Telora SAS, société par actions simplifiée au capital de 25 000 000 €, immatriculée au RCS de Nanterre sous le numéro 512 345 679, dont le siège social est situé 18 rue des Quatre-Vents, 92100 Boulogne-Billancourt (ci-après « {{marque}} ») à un client professionnel (ci-après « le Client »).

## Article 1 – Documents contractuels

Le contrat se compose, par ordre de priorité décroissant, des conditions particulières de chaque ligne (offre, options, durée d’engagement), des présentes conditions générales, du guide tarifaire et des conditions générales de vente pour les équipements. Les conditions particulières d’une ligne sont téléchargeables depuis sa page dans l’espace client.

## Article 2 – Souscription

La souscription est ouverte à toute personne morale ou personne physique agissant pour les besoins de son activité professionnelle, sur présentation d’un extrait d’immatriculation de moins de trois mois, d’une pièce d’identité du signataire et d’un mandat de prélèvement SEPA. {{marque}} peut demander un dépôt de garantie ou refuser la souscription en cas d’impayé ou de risque manifeste.

## Article 3 – Mise en service

La ligne mobile est mise en service au plus tard 48 heures après l’activation de la carte SIM ou l’installation du profil eSIM. En cas de conservation du numéro, la portabilité est réalisée à la date convenue, au plus tôt le troisième jour ouvrable suivant la demande, grâce au relevé d’identité opérateur (RIO) du Client, disponible dans son espace client ou en appelant le 3179 depuis la ligne concernée.

## Article 4 – Durée et engagement

Le contrat de chaque ligne est conclu pour une durée indéterminée, assortie, selon l’offre, d’une période minimale d’engagement de 12 ou 24 mois indiquée dans ses conditions particulières. Un changement d’offre vers une offre de prix supérieur est possible à tout moment ; vers une offre de prix inférieur, il peut prolonger la période d’engagement.

## Article 5 – Prix, facturation et paiement

- Les prix sont ceux du guide tarifaire en vigueur. Les forfaits et options sont facturés mensuellement et d’avance ; les communications hors forfait, le mois suivant leur consommation.
- Les factures sont mises à disposition dans l’espace client et payables sous 30 jours, par prélèvement SEPA, carte bancaire ou virement.
- Le Client peut contester un prélèvement non autorisé auprès de sa banque dans un délai de 13 mois à compter du débit de son compte.
- Toute modification des prix est portée à la connaissance du Client au moins un mois avant son entrée en vigueur ; le Client peut alors résilier sans frais la ligne concernée jusqu’à quatre mois après cette date.

## Article 6 – Utilisation des services

Les services sont destinés à un usage professionnel, raisonnable et conforme à leur objet. Sont notamment interdits l’utilisation d’une ligne à des fins de routage ou de revente de trafic, l’envoi de messages non sollicités en masse et l’usage de boîtiers radio (« SIM box »). En cas d’usage manifestement abusif, {{marque}} peut, après mise en demeure restée sans effet pendant 8 jours, restreindre le service concerné.

## Article 7 – Carte SIM, perte et vol

La carte SIM reste la propriété de {{marque}}. Le Client est responsable de la garde de ses cartes SIM et des codes associés. En cas de perte ou de vol, il suspend la ligne sans délai depuis la page de la ligne dans l’espace client ou en appelant le service client ; les communications passées avant la suspension restent à sa charge. La ligne est rétablie à sa demande, avec une nouvelle carte SIM si nécessaire.

## Article 8 – Qualité de service et responsabilité

{{marque}} met en œuvre les moyens nécessaires au bon fonctionnement des services, dans les zones de couverture publiées sur son site. Elle n’est pas responsable des interruptions dues à un cas de force majeure, à des travaux de maintenance programmés, à une perturbation de la propagation des ondes ou à l’équipement du Client. En cas d’interruption totale d’un service imputable à {{marque}} pendant plus de 48 heures consécutives, le Client obtient, sur demande, un avoir égal au prorata de l’abonnement mensuel de la ligne concernée.

## Article 9 – Suspension

{{marque}} peut suspendre tout ou partie des services, après mise en demeure restée sans effet pendant 8 jours, en cas de défaut de paiement ou de manquement grave du Client à ses obligations, et sans préavis en cas d’utilisation frauduleuse ou sur injonction d’une autorité.

## Article 10 – Résiliation

- Le Client résilie une ligne depuis l’espace client ou par lettre recommandée ; la résiliation prend effet 10 jours après la réception de sa demande, ou à la date de portabilité du numéro vers un autre opérateur.
- En cas de résiliation avant la fin de la période d’engagement, les mensualités restant à courir jusqu’à son terme sont immédiatement exigibles, sauf motif légitime (cessation d’activité prononcée par jugement, force majeure).
- {{marque}} peut résilier le contrat en cas de manquement grave du Client non réparé 30 jours après une mise en demeure.

## Article 11 – Données personnelles et confidentialité

Les données du Client et des utilisateurs de ses lignes sont traitées dans les conditions décrites sur la page « Données personnelles » de l’espace client. {{marque}} respecte le secret des correspondances et ne conserve les données de trafic que dans les conditions prévues par la loi.

## Article 12 – Réclamations et médiation

Toute réclamation est adressée au service client par le formulaire de contact de l’espace client ; {{marque}} y répond dans un délai de 30 jours. Si la réponse ne le satisfait pas, le Client employant au plus cinq salariés peut saisir gratuitement le Médiateur des communications électroniques (www.mediateur-telecom.fr), dans les conditions prévues par sa charte.

## Article 13 – Droit applicable et litiges

Le contrat est soumis au droit français. À défaut d’accord amiable, tout litige relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.'),
  ('GT', 'Guide tarifaire', '2026.3', '2026-11-01', 3, 'Ce guide donne les prix des services {{marque}} pour les clients professionnels, en euros hors taxes (HT) et toutes taxes comprises (TTC, TVA au taux de 20 %). Il complète les conditions générales d’abonnement et les conditions générales de vente.

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

Conformément au décret n° 2021-1732 du 21 décembre 2021, chaque gigaoctet consommé sur le réseau mobile correspond à 49,4 g éqCO2 ; un abonnement internet fixe correspond à 4,1 kg éqCO2 par mois (méthodologie de l’ADEME, détaillée sur la page « Environnement » de l’espace client).')
ON CONFLICT ("type") DO NOTHING;
