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
