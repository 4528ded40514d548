-- The early-termination fees as the portal bills them (decision 031): the rule and a worked example in the CGV (new article 10) and the CGA (article 10), versions 2026.3, where each document is still version 2026.2 as shipped (an operator's edit gives another version).
UPDATE "static_documents" SET "contenu" = 'Les présentes conditions générales de vente s’appliquent à toute commande d’équipements (téléphones mobiles, cartes SIM et eSIM, box internet, accessoires) passée auprès de Telora SAS, société par actions simplifiée au capital de 25 000 000 €, immatriculée au RCS de Nanterre sous le numéro 512 345 679, dont le siège social est situé 18 rue des Quatre-Vents, 92100 Boulogne-Billancourt (ci-après « {{marque}} »), par un client professionnel (ci-après « le Client ») agissant pour les besoins de son activité.

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

## Article 10 – Équipement vendu avec un abonnement : résiliation anticipée

La résiliation de l’abonnement d’une ligne pendant sa période d’engagement, y compris lorsqu’un équipement a été acquis à prix préférentiel avec cet abonnement, donne lieu aux frais de résiliation anticipée de l’article 10 des conditions générales d’abonnement. En cas de résiliation avant la fin de la période d’engagement, les mensualités restant dues jusqu’au 12e mois de l’engagement sont facturées en totalité, et le quart des mensualités restant dues après le 12e mois (arrondi au centime), hors taxes. Aucuns frais ne sont dus pour une résiliation motivée par la liquidation judiciaire de l’entreprise, son déménagement à l’étranger ou le décès du titulaire de la ligne, sur justificatif. Par exemple, pour une ligne à 24,99 € HT par mois engagée pour 24 mois et résiliée à l’issue de son 4e mois : 8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT. Le détail et le calcul des frais sont donnés avant toute demande de résiliation dans l’espace client, puis sur le récapitulatif de la demande ; les frais sont facturés à la date d’effet de la résiliation.

## Article 11 – Données personnelles

Les données recueillies lors de la commande sont traitées par {{marque}} pour son exécution, dans les conditions décrites sur la page « Données personnelles » de l’espace client.

## Article 12 – Droit applicable et litiges

Les présentes conditions sont soumises au droit français. À défaut d’accord amiable, tout litige relatif à leur interprétation ou à leur exécution relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.', "version" = '2026.3', "date_version" = '2026-11-28'
WHERE "type" = 'CGV' AND "version" = '2026.2';
--> statement-breakpoint
UPDATE "static_documents" SET "contenu" = 'Les présentes conditions générales d’abonnement s’appliquent aux services de communications électroniques mobiles et internet fixe fournis par Telora SAS, société par actions simplifiée au capital de 25 000 000 €, immatriculée au RCS de Nanterre sous le numéro 512 345 679, dont le siège social est situé 18 rue des Quatre-Vents, 92100 Boulogne-Billancourt (ci-après « {{marque}} ») à un client professionnel (ci-après « le Client »).

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

- Le Client résilie une ligne depuis l’espace client, en choisissant la date d’effet entre le lendemain de sa demande et trois mois plus tard, ou par lettre recommandée, la résiliation prenant alors effet 10 jours après sa réception. La résiliation d’une ligne dont le numéro est porté vers un autre opérateur prend effet à la date de la portabilité.
- En cas de résiliation avant la fin de la période d’engagement, les mensualités restant dues jusqu’au 12e mois de l’engagement sont facturées en totalité, et le quart des mensualités restant dues après le 12e mois (arrondi au centime), hors taxes. Aucuns frais ne sont dus pour une résiliation motivée par la liquidation judiciaire de l’entreprise, son déménagement à l’étranger ou le décès du titulaire de la ligne, sur justificatif. Par exemple, pour une ligne à 24,99 € HT par mois engagée pour 24 mois et résiliée à l’issue de son 4e mois : 8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT. Le détail et le calcul des frais sont donnés avant toute demande de résiliation dans l’espace client, puis sur le récapitulatif de la demande ; les frais sont facturés à la date d’effet de la résiliation.
- {{marque}} peut résilier le contrat en cas de manquement grave du Client non réparé 30 jours après une mise en demeure.

## Article 11 – Données personnelles et confidentialité

Les données du Client et des utilisateurs de ses lignes sont traitées dans les conditions décrites sur la page « Données personnelles » de l’espace client. {{marque}} respecte le secret des correspondances et ne conserve les données de trafic que dans les conditions prévues par la loi.

## Article 12 – Réclamations et médiation

Toute réclamation est adressée au service client par le formulaire de contact de l’espace client ; {{marque}} y répond dans un délai de 30 jours. Si la réponse ne le satisfait pas, le Client employant au plus cinq salariés peut saisir gratuitement le Médiateur des communications électroniques (www.mediateur-telecom.fr), dans les conditions prévues par sa charte.

## Article 13 – Droit applicable et litiges

Le contrat est soumis au droit français. À défaut d’accord amiable, tout litige relève de la compétence exclusive des juridictions du ressort de la cour d’appel de Versailles.', "version" = '2026.3', "date_version" = '2026-11-28'
WHERE "type" = 'CGA' AND "version" = '2026.2';
--> statement-breakpoint
-- The same rule on the « Conditions et tarifs » page and in the FAQ, where their text is still as shipped.
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
<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières.</p>
<p>En cas de résiliation avant la fin de la période d’engagement, les mensualités restant dues jusqu’au 12e mois de l’engagement sont facturées en totalité, et le quart des mensualités restant dues après le 12e mois (arrondi au centime), hors taxes. Aucuns frais ne sont dus pour une résiliation motivée par la liquidation judiciaire de l’entreprise, son déménagement à l’étranger ou le décès du titulaire de la ligne, sur justificatif. Le détail et le calcul des frais sont donnés dans l’espace client avant toute demande de résiliation (conditions générales d’abonnement, article 10).</p>', "mise_a_jour" = '2026-11-28'
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
<p>Selon l’offre choisie, un contrat est sans engagement ou comporte une période d’engagement de 12 ou 24 mois, indiquée dans ses conditions particulières. En cas de résiliation avant la fin de cette période, les mensualités restant à courir jusqu’à son terme sont dues, dans les conditions des conditions générales d’abonnement.</p>';
--> statement-breakpoint
UPDATE "faq_questions" SET "reponse_html" = '<p>En cas de résiliation avant la fin de la période d’engagement, les mensualités restant dues jusqu’au 12e mois de l’engagement sont facturées en totalité, et le quart des mensualités restant dues après le 12e mois (arrondi au centime), hors taxes. Aucuns frais ne sont dus pour une résiliation motivée par la liquidation judiciaire de l’entreprise, son déménagement à l’étranger ou le décès du titulaire de la ligne, sur justificatif.</p>
<p>Par exemple, pour une ligne à 24,99&nbsp;€ HT par mois engagée pour 24 mois et résiliée à l’issue de son 4e mois&nbsp;: 8 mensualités × 24,99 € + ¼ × 12 mensualités × 24,99 € = 274,89 € HT.</p>
<p>La date de fin d’engagement de chaque ligne figure sur sa page&nbsp;; le détail et le calcul des frais sont donnés à l’étape «&nbsp;Engagement et frais&nbsp;» de la résiliation, avant toute demande. Les conditions sont détaillées dans les conditions générales d’abonnement (<a href="/ecare/pages/conditions-et-tarifs">Conditions et tarifs</a>).</p>'
WHERE "id_question" = 602 AND "reponse_html" = '<p>En cas de résiliation avant la fin d’une période d’engagement de 12 ou 24 mois, les mensualités restant à courir jusqu’à son terme sont dues. La date de fin d’engagement de chaque ligne figure sur sa page&nbsp;; les conditions sont détaillées dans les conditions générales d’abonnement (<a href="/ecare/pages/conditions-et-tarifs">Conditions et tarifs</a>).</p>';
