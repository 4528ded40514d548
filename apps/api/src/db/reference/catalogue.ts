import type { catalogAccessories, catalogInsurances, catalogOptions, catalogPhones, catalogPromotions, pointsOfSale } from '../schema.ts';

/**
 * The shop's catalogue every installation starts with (issue 12, decision 035), added by
 * 0019_catalogue-data. Prices are integer cents excluding VAT; a phone's `prixAvecForfaitCentimes`
 * is its price with a plan under a 24-month commitment (12 months: halfway, no commitment: the
 * price alone, see `phonePriceCentimes` in @ecare/shared). Pictures are drawn SVG files of
 * `apps/web/public/catalogue/` (scripts: `npx tsx src/db/reference/draw-catalogue-images.ts`).
 */

type PhoneRow = typeof catalogPhones.$inferInsert;
type OptionRow = typeof catalogOptions.$inferInsert;
type AccessoryRow = typeof catalogAccessories.$inferInsert;
type InsuranceRow = typeof catalogInsurances.$inferInsert;
type PromotionRow = typeof catalogPromotions.$inferInsert;
type PointOfSaleRow = typeof pointsOfSale.$inferInsert;

export const CATALOG_PHONES = [
  { idArticle: 1001, marque: 'Apple', modele: 'iPhone 17', description: 'Écran 6,3 pouces ProMotion, puce A19, double appareil photo 48 Mpx', couleurs: ['Noir', 'Blanc', 'Sauge', 'Bleu brume'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 80750, prixAvecForfaitCentimes: 32900, stock: 42, image: 'iphone-17.svg', commercialise: true, ordre: 1 },
  { idArticle: 1002, marque: 'Apple', modele: 'iPhone 17 Pro', description: 'Écran 6,3 pouces, puce A19 Pro, triple appareil photo 48 Mpx, boîtier aluminium', couleurs: ['Argent', 'Orange cosmique', 'Bleu intense'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 110750, prixAvecForfaitCentimes: 59900, stock: 18, image: 'iphone-17-pro.svg', commercialise: true, ordre: 2 },
  { idArticle: 1003, marque: 'Apple', modele: 'iPhone 17 Pro Max', description: 'Écran 6,9 pouces, puce A19 Pro, la plus grande autonomie d’un iPhone', couleurs: ['Argent', 'Orange cosmique', 'Bleu intense'], stockageGo: 512, esim: true, cinqG: true, prixNuCentimes: 140750, prixAvecForfaitCentimes: 84900, stock: 0, image: 'iphone-17-pro-max.svg', commercialise: true, ordre: 3 },
  { idArticle: 1004, marque: 'Apple', modele: 'iPhone Air', description: 'Écran 6,5 pouces, 5,6 mm d’épaisseur, eSIM uniquement', couleurs: ['Noir sidéral', 'Blanc nuage', 'Or clair', 'Bleu ciel'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 102400, prixAvecForfaitCentimes: 52900, stock: 9, image: 'iphone-air.svg', commercialise: true, ordre: 4 },
  { idArticle: 1005, marque: 'Apple', modele: 'iPhone 16e', description: 'Écran 6,1 pouces, puce A18, appareil photo 48 Mpx', couleurs: ['Noir', 'Blanc'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 59900, prixAvecForfaitCentimes: 19900, stock: 35, image: 'iphone-16e.svg', commercialise: true, ordre: 5 },
  { idArticle: 1006, marque: 'Samsung', modele: 'Galaxy S25', description: 'Écran 6,2 pouces Dynamic AMOLED 2X, Snapdragon 8 Elite, Galaxy AI', couleurs: ['Bleu nuit', 'Menthe', 'Argent glacier'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 74900, prixAvecForfaitCentimes: 27900, stock: 27, image: 'galaxy-s25.svg', commercialise: true, ordre: 6 },
  { idArticle: 1007, marque: 'Samsung', modele: 'Galaxy S25 Ultra', description: 'Écran 6,9 pouces, S Pen intégré, capteur photo 200 Mpx', couleurs: ['Titane noir', 'Titane gris', 'Titane argent'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 112400, prixAvecForfaitCentimes: 62900, stock: 12, image: 'galaxy-s25-ultra.svg', commercialise: true, ordre: 7 },
  { idArticle: 1008, marque: 'Samsung', modele: 'Galaxy S25 FE', description: 'Écran 6,7 pouces, batterie 4 900 mAh, 7 ans de mises à jour', couleurs: ['Bleu marine', 'Blanc', 'Bleu glacier'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 57400, prixAvecForfaitCentimes: 16900, stock: 31, image: 'galaxy-s25-fe.svg', commercialise: true, ordre: 8 },
  { idArticle: 1009, marque: 'Samsung', modele: 'Galaxy Z Flip7', description: 'Pliable à clapet, écran externe 4,1 pouces, Exynos 2500', couleurs: ['Bleu nuit', 'Rouge corail', 'Noir'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 99900, prixAvecForfaitCentimes: 49900, stock: 0, image: 'galaxy-z-flip7.svg', commercialise: true, ordre: 9 },
  { idArticle: 1010, marque: 'Samsung', modele: 'Galaxy A56 5G', description: 'Écran 6,7 pouces Super AMOLED, certifié IP67', couleurs: ['Graphite', 'Gris clair', 'Rose'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 37400, prixAvecForfaitCentimes: 4900, stock: 64, image: 'galaxy-a56.svg', commercialise: true, ordre: 10 },
  { idArticle: 1011, marque: 'Samsung', modele: 'Galaxy A16', description: 'Écran 6,7 pouces, 4G, six ans de mises à jour de sécurité', couleurs: ['Noir', 'Gris'], stockageGo: 128, esim: false, cinqG: false, prixNuCentimes: 15700, prixAvecForfaitCentimes: 100, stock: 80, image: 'galaxy-a16.svg', commercialise: true, ordre: 11 },
  { idArticle: 1012, marque: 'Samsung', modele: 'Galaxy XCover7 Pro', description: 'Renforcé, certifié IP68 et MIL-STD-810H, batterie amovible, touche programmable', couleurs: ['Noir'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 49900, prixAvecForfaitCentimes: 14900, stock: 22, image: 'galaxy-xcover7-pro.svg', commercialise: true, ordre: 12 },
  { idArticle: 1013, marque: 'Google', modele: 'Pixel 10', description: 'Écran 6,3 pouces, puce Tensor G5, téléobjectif 5x', couleurs: ['Obsidienne', 'Givre', 'Indigo', 'Citronnelle'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 74900, prixAvecForfaitCentimes: 27900, stock: 15, image: 'pixel-10.svg', commercialise: true, ordre: 13 },
  { idArticle: 1014, marque: 'Google', modele: 'Pixel 10 Pro', description: 'Écran 6,3 pouces Super Actua, triple appareil photo 50 Mpx, 16 Go de mémoire vive', couleurs: ['Obsidienne', 'Porcelaine', 'Vert lichen'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 99900, prixAvecForfaitCentimes: 49900, stock: 7, image: 'pixel-10-pro.svg', commercialise: true, ordre: 14 },
  { idArticle: 1015, marque: 'Google', modele: 'Pixel 9a', description: 'Écran 6,3 pouces Actua, puce Tensor G4, certifié IP68', couleurs: ['Obsidienne', 'Porcelaine', 'Iris'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 45700, prixAvecForfaitCentimes: 9900, stock: 40, image: 'pixel-9a.svg', commercialise: true, ordre: 15 },
  { idArticle: 1016, marque: 'Xiaomi', modele: 'Xiaomi 15T', description: 'Écran 6,83 pouces AMOLED, optique Leica, charge rapide 67 W', couleurs: ['Noir', 'Gris', 'Or rose'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 54900, prixAvecForfaitCentimes: 15900, stock: 19, image: 'xiaomi-15t.svg', commercialise: true, ordre: 16 },
  { idArticle: 1017, marque: 'Xiaomi', modele: 'Redmi Note 14 Pro 5G', description: 'Écran 6,67 pouces AMOLED, capteur 200 Mpx, certifié IP68', couleurs: ['Noir minuit', 'Bleu océan', 'Violet lavande'], stockageGo: 256, esim: false, cinqG: true, prixNuCentimes: 33200, prixAvecForfaitCentimes: 2900, stock: 0, image: 'redmi-note-14-pro.svg', commercialise: true, ordre: 17 },
  { idArticle: 1018, marque: 'Fairphone', modele: 'Fairphone (Gen. 6)', description: 'Conçu pour être réparé, batterie remplaçable, garantie 5 ans', couleurs: ['Noir', 'Vert', 'Jaune'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 49100, prixAvecForfaitCentimes: 13900, stock: 14, image: 'fairphone-6.svg', commercialise: true, ordre: 18 },
  { idArticle: 1019, marque: 'Motorola', modele: 'edge 60', description: 'Écran incurvé 6,67 pouces pOLED, certifié IP68 et IP69', couleurs: ['Gibraltar Sea', 'Shamrock'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 33200, prixAvecForfaitCentimes: 2900, stock: 23, image: 'motorola-edge-60.svg', commercialise: true, ordre: 19 },
  { idArticle: 1020, marque: 'Nothing', modele: 'Phone (3a)', description: 'Écran 6,77 pouces, interface Glyph, téléobjectif périscope 3x', couleurs: ['Noir', 'Blanc', 'Bleu'], stockageGo: 256, esim: true, cinqG: true, prixNuCentimes: 31600, prixAvecForfaitCentimes: 1900, stock: 11, image: 'nothing-phone-3a.svg', commercialise: true, ordre: 20 },
  { idArticle: 1021, marque: 'Crosscall', modele: 'Core-Z5', description: 'Renforcé pour les métiers de terrain, certifié IP68, garantie 5 ans', couleurs: ['Noir'], stockageGo: 128, esim: false, cinqG: true, prixNuCentimes: 49900, prixAvecForfaitCentimes: 14900, stock: 16, image: 'crosscall-core-z5.svg', commercialise: true, ordre: 21 },
  { idArticle: 1022, marque: 'Honor', modele: 'Honor 400', description: 'Écran 6,55 pouces AMOLED, capteur 200 Mpx, batterie 5 300 mAh', couleurs: ['Noir minuit', 'Or désert'], stockageGo: 256, esim: false, cinqG: true, prixNuCentimes: 41500, prixAvecForfaitCentimes: 7900, stock: 8, image: 'honor-400.svg', commercialise: true, ordre: 22 },
] as const satisfies readonly PhoneRow[];

export const CATALOG_OPTIONS = [
  { idOption: 3001, famille: 'INTERNATIONAL', libelle: 'International 2 h', description: '2 h d’appels depuis la France vers les fixes et mobiles de 60 pays', prixMensuelCentimes: 1000, commercialise: true, ordre: 1 },
  { idOption: 3002, famille: 'INTERNATIONAL', libelle: 'International illimité', description: 'Appels illimités depuis la France vers les fixes de 100 pays et les mobiles de 40 pays', prixMensuelCentimes: 2000, commercialise: true, ordre: 2 },
  { idOption: 3003, famille: 'EUROPE', libelle: 'Europe 10 Go', description: '10 Go d’internet mobile supplémentaires en Union européenne et DOM', prixMensuelCentimes: 500, commercialise: true, ordre: 1 },
  { idOption: 3004, famille: 'EUROPE', libelle: 'Europe 30 Go', description: '30 Go d’internet mobile supplémentaires en Union européenne et DOM', prixMensuelCentimes: 1000, commercialise: true, ordre: 2 },
  { idOption: 3005, famille: 'SUISSE_ANDORRE', libelle: 'Suisse et Andorre', description: 'Appels, SMS illimités et 10 Go d’internet en Suisse et en Andorre', prixMensuelCentimes: 800, commercialise: true, ordre: 1 },
  { idOption: 3006, famille: 'SATELLITE', libelle: 'Messages par satellite', description: 'SMS et localisation par satellite hors couverture du réseau, avec un téléphone compatible', prixMensuelCentimes: 500, commercialise: true, ordre: 1 },
  { idOption: 3007, famille: 'ZONE_AFFAIRES', libelle: 'Zone Affaires 10 Go', description: 'Appels, SMS et 10 Go d’internet aux États-Unis, au Canada, au Royaume-Uni et en Chine', prixMensuelCentimes: 1500, commercialise: true, ordre: 1 },
  { idOption: 3008, famille: 'ZONE_ETENDUE', libelle: 'Zone étendue 5 Go', description: 'Appels, SMS et 5 Go d’internet dans 60 destinations hors Europe (Maghreb, Turquie, Moyen-Orient, Asie)', prixMensuelCentimes: 2000, commercialise: true, ordre: 1 },
  { idOption: 3009, famille: 'ZONE_NON_GROUPEE', libelle: 'Pass voyage zone non groupée', description: '1 h d’appels et 2 Go d’internet par mois dans les pays hors zones', prixMensuelCentimes: 2500, commercialise: true, ordre: 1 },
  { idOption: 3010, famille: 'BLOCAGE_NUMEROS_SPECIAUX', libelle: 'Blocage des numéros spéciaux', description: 'Bloque les appels et SMS vers les numéros surtaxés (08 9x, 36 xx, SMS+)', prixMensuelCentimes: 0, commercialise: true, ordre: 1 },
  { idOption: 3011, famille: 'FACTURE_DETAILLEE', libelle: 'Facture détaillée', description: 'Le détail de chaque appel, SMS et connexion sur la facture de la ligne', prixMensuelCentimes: 0, commercialise: true, ordre: 1 },
  { idOption: 3012, famille: 'INTERNET_4G', libelle: 'Internet 4G 10 Go supplémentaires', description: '10 Go d’internet mobile de plus chaque mois en France', prixMensuelCentimes: 500, commercialise: true, ordre: 1 },
  { idOption: 3013, famille: 'INTERNET_5G', libelle: 'Accès 5G', description: 'Le réseau 5G sur l’enveloppe du forfait, avec un téléphone compatible', prixMensuelCentimes: 300, commercialise: true, ordre: 1 },
  { idOption: 3014, famille: 'INTERNET_5G', libelle: '5G 50 Go supplémentaires', description: 'Accès 5G et 50 Go d’internet mobile de plus chaque mois en France', prixMensuelCentimes: 1000, commercialise: true, ordre: 2 },
  { idOption: 3015, famille: 'TARIF_MINUTE', libelle: 'Appels au tarif minute', description: 'Appels au-delà du forfait facturés 0,15 € HT la minute, sans blocage', prixMensuelCentimes: 0, commercialise: true, ordre: 1 },
  { idOption: 3016, famille: 'INTERNET_4G', libelle: 'Internet 4G 1 Go supplémentaire', description: 'Ancienne option : 1 Go d’internet mobile de plus chaque mois', prixMensuelCentimes: 200, commercialise: false, ordre: 9 },
] as const satisfies readonly OptionRow[];

const IPHONES_17 = [1001, 1002, 1003];
const GALAXY_S25 = [1006, 1007, 1008];

export const CATALOG_ACCESSORIES = [
  { idArticle: 2001, libelle: 'Coque transparente MagSafe pour iPhone 17', categorie: 'Coque', description: 'Polycarbonate transparent, aimants MagSafe intégrés', prixCentimes: 4100, stock: 60, image: 'coque-iphone.svg', compatibles: IPHONES_17, commercialise: true },
  { idArticle: 2002, libelle: 'Coque renforcée pour Galaxy S25', categorie: 'Coque', description: 'Protection contre les chutes jusqu’à 3 m, béquille intégrée', prixCentimes: 2900, stock: 45, image: 'coque-galaxy.svg', compatibles: GALAXY_S25, commercialise: true },
  { idArticle: 2003, libelle: 'Protection d’écran en verre trempé', categorie: 'Protection d’écran', description: 'Verre trempé 9H, pose guidée, pour tous les modèles du catalogue', prixCentimes: 1650, stock: 200, image: 'verre-trempe.svg', compatibles: [], commercialise: true },
  { idArticle: 2004, libelle: 'Chargeur secteur USB-C 25 W', categorie: 'Chargeur', description: 'Charge rapide Power Delivery, câble non fourni', prixCentimes: 1650, stock: 120, image: 'chargeur-25w.svg', compatibles: [], commercialise: true },
  { idArticle: 2005, libelle: 'Chargeur secteur USB-C 45 W GaN', categorie: 'Chargeur', description: 'Deux ports USB-C, charge un téléphone et un ordinateur portable', prixCentimes: 3300, stock: 0, image: 'chargeur-45w.svg', compatibles: [], commercialise: true },
  { idArticle: 2006, libelle: 'Chargeur à induction 15 W', categorie: 'Chargeur', description: 'Socle Qi2 pour bureau, compatible MagSafe', prixCentimes: 3300, stock: 35, image: 'chargeur-induction.svg', compatibles: [], commercialise: true },
  { idArticle: 2007, libelle: 'Câble USB-C vers USB-C 1 m', categorie: 'Câble', description: 'Tressé, 60 W, transfert de données USB 2.0', prixCentimes: 1250, stock: 150, image: 'cable-usbc.svg', compatibles: [], commercialise: true },
  { idArticle: 2008, libelle: 'Écouteurs sans fil à réduction de bruit', categorie: 'Audio', description: 'Bluetooth 5.3, réduction de bruit active, 30 h d’autonomie avec l’étui', prixCentimes: 8250, stock: 25, image: 'ecouteurs.svg', compatibles: [], commercialise: true },
  { idArticle: 2009, libelle: 'Micro-casque Bluetooth professionnel', categorie: 'Audio', description: 'Deux micros antibruit, certifié pour les outils de visioconférence', prixCentimes: 12400, stock: 10, image: 'micro-casque.svg', compatibles: [], commercialise: true },
  { idArticle: 2010, libelle: 'Support voiture magnétique', categorie: 'Support', description: 'Fixation sur grille d’aération, rotation à 360°', prixCentimes: 2050, stock: 70, image: 'support-voiture.svg', compatibles: [], commercialise: true },
  { idArticle: 2011, libelle: 'Batterie externe 10 000 mAh', categorie: 'Batterie', description: 'USB-C 20 W, recharge un téléphone deux fois', prixCentimes: 2900, stock: 55, image: 'batterie-externe.svg', compatibles: [], commercialise: true },
] as const satisfies readonly AccessoryRow[];

export const CATALOG_INSURANCES = [
  { idAssurance: 4001, libelle: 'Assurance Casse', description: 'Casse accidentelle et oxydation, réparation ou remplacement sous 48 h', prixMensuelCentimes: 499, franchiseCentimes: 4900, plafondPrixMobileCentimes: 50000, commercialise: true },
  { idAssurance: 4002, libelle: 'Assurance Casse et Vol', description: 'Casse, oxydation, vol avec effraction ou agression, remplacement sous 48 h', prixMensuelCentimes: 832, franchiseCentimes: 7900, plafondPrixMobileCentimes: 100000, commercialise: true },
  { idAssurance: 4003, libelle: 'Assurance Intégrale', description: 'Casse, oxydation, vol et perte, deux sinistres par an, téléphone de prêt', prixMensuelCentimes: 1165, franchiseCentimes: 9900, plafondPrixMobileCentimes: 160000, commercialise: true },
] as const satisfies readonly InsuranceRow[];

export const CATALOG_PROMOTIONS = [
  { idPromotion: 5001, libelle: '20 % de remise pendant 6 mois sur le forfait', conditions: 'Pour toute nouvelle ligne avec un forfait mobile, avec le code PRO2026, du 1er janvier au 31 décembre 2026.', codePromo: 'PRO2026', cible: 'FORFAIT', type: 'POURCENTAGE', valeur: 2000, dureeMois: 6, idOffreEngagement: null, idArticle: null, debut: '2026-01-01', fin: '2026-12-31' },
  { idPromotion: 5002, libelle: '5 € de remise par mois pendant 12 mois', conditions: 'Sur le Forfait Pro Illimité 5G, appliquée d’office à chaque nouvelle ligne.', codePromo: null, cible: 'FORFAIT', type: 'MONTANT', valeur: 500, dureeMois: 12, idOffreEngagement: 104, idArticle: null, debut: '2025-09-01', fin: null },
  { idPromotion: 5003, libelle: '50 € de remise sur le téléphone', conditions: 'Pour l’achat d’un téléphone avec un forfait mobile, avec le code BIENVENUE.', codePromo: 'BIENVENUE', cible: 'MOBILE', type: 'MONTANT', valeur: 5000, dureeMois: null, idOffreEngagement: null, idArticle: null, debut: '2025-09-01', fin: '2026-12-31' },
  { idPromotion: 5004, libelle: '100 € de remise sur l’iPhone 17', conditions: 'Pour l’achat d’un iPhone 17, avec le code IPHONE17, jusqu’au 31 mars 2027.', codePromo: 'IPHONE17', cible: 'MOBILE', type: 'MONTANT', valeur: 10000, dureeMois: null, idOffreEngagement: null, idArticle: 1001, debut: '2025-09-19', fin: '2027-03-31' },
  { idPromotion: 5005, libelle: '30 % de remise sur un accessoire', conditions: 'Sur un accessoire commandé avec une ligne, avec le code ACCESS30.', codePromo: 'ACCESS30', cible: 'ACCESSOIRE', type: 'POURCENTAGE', valeur: 3000, dureeMois: null, idOffreEngagement: null, idArticle: null, debut: '2026-01-01', fin: '2026-12-31' },
  { idPromotion: 5006, libelle: '3 € de remise par mois pendant 6 mois (offre d’été)', conditions: 'Offre terminée le 31 août 2025.', codePromo: 'ETE2025', cible: 'FORFAIT', type: 'MONTANT', valeur: 300, dureeMois: 6, idOffreEngagement: null, idArticle: null, debut: '2025-06-01', fin: '2025-08-31' },
  { idPromotion: 5007, libelle: '10 € de remise par mois pendant 3 mois (offre de printemps)', conditions: 'Du 1er mars au 31 mai 2027, avec le code PRINTEMPS2027.', codePromo: 'PRINTEMPS2027', cible: 'FORFAIT', type: 'MONTANT', valeur: 1000, dureeMois: 3, idOffreEngagement: null, idArticle: null, debut: '2027-03-01', fin: '2027-05-31' },
] as const satisfies readonly PromotionRow[];

const WEEKDAYS = 'Du lundi au samedi de 10 h à 19 h';

export const POINTS_OF_SALE = [
  { idPointDeVente: 1, nom: 'Boutique Paris Opéra', adresse: '32 boulevard Haussmann', codePostal: '75009', ville: 'Paris', horaires: 'Du lundi au samedi de 9 h 30 à 20 h' },
  { idPointDeVente: 2, nom: 'Boutique Paris La Défense', adresse: '15 parvis de la Défense', codePostal: '92800', ville: 'Puteaux', horaires: 'Du lundi au vendredi de 9 h à 19 h 30' },
  { idPointDeVente: 3, nom: 'Boutique Lyon Part-Dieu', adresse: '17 rue du Docteur Bouchut', codePostal: '69003', ville: 'Lyon', horaires: WEEKDAYS },
  { idPointDeVente: 4, nom: 'Boutique Marseille Saint-Ferréol', adresse: '48 rue Saint-Ferréol', codePostal: '13001', ville: 'Marseille', horaires: WEEKDAYS },
  { idPointDeVente: 5, nom: 'Boutique Lille Grand Place', adresse: '9 rue Neuve', codePostal: '59000', ville: 'Lille', horaires: WEEKDAYS },
  { idPointDeVente: 6, nom: 'Boutique Bordeaux Sainte-Catherine', adresse: '112 rue Sainte-Catherine', codePostal: '33000', ville: 'Bordeaux', horaires: WEEKDAYS },
  { idPointDeVente: 7, nom: 'Boutique Toulouse Capitole', adresse: '21 rue d’Alsace-Lorraine', codePostal: '31000', ville: 'Toulouse', horaires: WEEKDAYS },
  { idPointDeVente: 8, nom: 'Boutique Nantes Commerce', adresse: '4 rue de la Barillerie', codePostal: '44000', ville: 'Nantes', horaires: WEEKDAYS },
  { idPointDeVente: 9, nom: 'Boutique Strasbourg Kléber', adresse: '25 rue des Grandes Arcades', codePostal: '67000', ville: 'Strasbourg', horaires: WEEKDAYS },
  { idPointDeVente: 10, nom: 'Boutique Nice Masséna', adresse: '38 avenue Jean Médecin', codePostal: '06000', ville: 'Nice', horaires: WEEKDAYS },
  { idPointDeVente: 11, nom: 'Boutique Rennes République', adresse: '6 quai Lamartine', codePostal: '35000', ville: 'Rennes', horaires: 'Du mardi au samedi de 10 h à 19 h' },
  { idPointDeVente: 12, nom: 'Boutique Dijon Liberté', adresse: '54 rue de la Liberté', codePostal: '21000', ville: 'Dijon', horaires: 'Du mardi au samedi de 9 h 30 à 19 h' },
] as const satisfies readonly PointOfSaleRow[];
