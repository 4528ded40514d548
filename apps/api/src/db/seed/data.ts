export const FIRST_NAMES = [
  'Camille', 'Julien', 'Sophie', 'Nicolas', 'Claire', 'Thomas', 'Élodie', 'Mathieu', 'Isabelle', 'Antoine',
  'Nathalie', 'Pierre', 'Aurélie', 'François', 'Céline', 'Laurent', 'Émilie', 'Sébastien', 'Hélène', 'Olivier',
] as const;

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
] as const;

export const COMPANY_STEMS = [
  'Boulangerie', 'Transports', 'Menuiserie', 'Cabinet', 'Garage', 'Pharmacie', 'Imprimerie', 'Plomberie',
  'Atelier', 'Agence', 'Maçonnerie', 'Traiteur', 'Électricité', 'Paysages', 'Conseil',
] as const;
export const COMPANY_FORMS = ['SARL', 'SAS', 'SA', 'EURL', 'SASU'] as const;

export const STREETS = [
  'rue de la République', 'avenue Jean Jaurès', 'boulevard Victor Hugo', 'rue Nationale', 'place de la Mairie',
  'rue des Écoles', 'avenue de la Gare', 'rue du Moulin', 'chemin des Vignes', 'rue Pasteur',
] as const;

export const CITIES = [
  { codePostal: '75011', ville: 'Paris' },
  { codePostal: '69003', ville: 'Lyon' },
  { codePostal: '13006', ville: 'Marseille' },
  { codePostal: '31000', ville: 'Toulouse' },
  { codePostal: '44000', ville: 'Nantes' },
  { codePostal: '33000', ville: 'Bordeaux' },
  { codePostal: '59000', ville: 'Lille' },
  { codePostal: '67000', ville: 'Strasbourg' },
  { codePostal: '35000', ville: 'Rennes' },
  { codePostal: '21000', ville: 'Dijon' },
] as const;

/** Plans: gamme 1 mobile, 2 fixed internet. Prices in cents, excluding VAT. */
export const OFFERS = [
  { idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go', idGamme: 1, prixMensuelCentimes: 1499, description: 'Appels et SMS illimités, 5 Go en France' },
  { idOffreEngagement: 102, libelle: 'Forfait Pro 50 Go', idGamme: 1, prixMensuelCentimes: 2499, description: 'Appels et SMS illimités, 50 Go en France, 10 Go en Europe' },
  { idOffreEngagement: 103, libelle: 'Forfait Pro 150 Go 5G', idGamme: 1, prixMensuelCentimes: 3499, description: 'Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe' },
  { idOffreEngagement: 104, libelle: 'Forfait Pro Illimité 5G', idGamme: 1, prixMensuelCentimes: 5499, description: 'Internet illimité en 5G, 50 Go en Europe et zone Affaires' },
  { idOffreEngagement: 105, libelle: 'Forfait Voix Pro 2 h', idGamme: 1, prixMensuelCentimes: 799, description: '2 h d’appels, SMS illimités, 100 Mo' },
  { idOffreEngagement: 106, libelle: 'Data Pro 20 Go', idGamme: 1, prixMensuelCentimes: 1999, description: 'Carte SIM data seule pour tablette ou routeur, 20 Go' },
  { idOffreEngagement: 201, libelle: 'Box Pro Fibre', idGamme: 2, prixMensuelCentimes: 3990, description: 'Fibre jusqu’à 2 Gbit/s, ligne fixe incluse' },
] as const;
export const MOBILE_OFFER_IDS = OFFERS.filter((o) => o.idGamme === 1).map((o) => o.idOffreEngagement);
