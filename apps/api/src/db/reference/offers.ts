import type { offers } from '../schema.ts';

/**
 * The plan catalogue: gamme 1 mobile, 2 fixed internet; prices in cents, excluding VAT; data
 * allowance in MB (null: unlimited or not mobile) and included options, added by
 * 0006_offer-details-data; commitment (0, 12 or 24 months), zones and whether it is still sold
 * by 0019_catalogue-data, which also adds plans 107 to 109. Lines point at these ids, so they are reference data, not demo data.
 */
export const OFFERS = [
  { idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go', idGamme: 1, prixMensuelCentimes: 1499, description: 'Appels et SMS illimités, 5 Go en France', dataMo: 5120, dataIllimitee: false, optionsIncluses: ['Appels et SMS illimités en France', 'Messagerie vocale visuelle'], engagementMois: 24, zones: ['France'], commercialise: true },
  { idOffreEngagement: 102, libelle: 'Forfait Pro 50 Go', idGamme: 1, prixMensuelCentimes: 2499, description: 'Appels et SMS illimités, 50 Go en France, 10 Go en Europe', dataMo: 51200, dataIllimitee: false, optionsIncluses: ['Appels et SMS illimités en France', '10 Go en Europe', 'Messagerie vocale visuelle'], engagementMois: 24, zones: ['France', 'Europe'], commercialise: true },
  { idOffreEngagement: 103, libelle: 'Forfait Pro 150 Go 5G', idGamme: 1, prixMensuelCentimes: 3499, description: 'Appels et SMS illimités, 150 Go en 5G, 25 Go en Europe', dataMo: 153600, dataIllimitee: false, optionsIncluses: ['Appels et SMS illimités en France', '25 Go en Europe', 'Accès 5G', 'Multi-SIM data'], engagementMois: 24, zones: ['France', 'Europe'], commercialise: true },
  { idOffreEngagement: 104, libelle: 'Forfait Pro Illimité 5G', idGamme: 1, prixMensuelCentimes: 5499, description: 'Internet illimité en 5G, 50 Go en Europe et zone Affaires', dataMo: null, dataIllimitee: true, optionsIncluses: ['Appels et SMS illimités en France', '50 Go en Europe et zone Affaires', 'Accès 5G', 'Multi-SIM data'], engagementMois: 24, zones: ['France', 'Europe', 'Zone Affaires'], commercialise: true },
  { idOffreEngagement: 105, libelle: 'Forfait Voix Pro 2 h', idGamme: 1, prixMensuelCentimes: 799, description: '2 h d’appels, SMS illimités, 100 Mo', dataMo: 100, dataIllimitee: false, optionsIncluses: ['2 h d’appels en France', 'SMS illimités en France'], engagementMois: 12, zones: ['France'], commercialise: false },
  { idOffreEngagement: 106, libelle: 'Data Pro 20 Go', idGamme: 1, prixMensuelCentimes: 1999, description: 'Carte SIM data seule pour tablette ou routeur, 20 Go', dataMo: 20480, dataIllimitee: false, optionsIncluses: ['Partage de connexion'], engagementMois: 0, zones: ['France'], commercialise: true },
  { idOffreEngagement: 107, libelle: 'Forfait Pro 20 Go sans engagement', idGamme: 1, prixMensuelCentimes: 1999, description: 'Appels et SMS illimités, 20 Go en France, sans engagement', dataMo: 20480, dataIllimitee: false, optionsIncluses: ['Appels et SMS illimités en France', 'Messagerie vocale visuelle'], engagementMois: 0, zones: ['France', 'Europe'], commercialise: true },
  { idOffreEngagement: 108, libelle: 'Forfait Pro 100 Go 5G 12 mois', idGamme: 1, prixMensuelCentimes: 2999, description: 'Appels et SMS illimités, 100 Go en 5G, 20 Go en Europe, engagement 12 mois', dataMo: 102400, dataIllimitee: false, optionsIncluses: ['Appels et SMS illimités en France', '20 Go en Europe', 'Accès 5G'], engagementMois: 12, zones: ['France', 'Europe'], commercialise: true },
  { idOffreEngagement: 109, libelle: 'Forfait Pro Illimité 5G sans engagement', idGamme: 1, prixMensuelCentimes: 6499, description: 'Internet illimité en 5G, 50 Go en Europe et zone Affaires, sans engagement', dataMo: null, dataIllimitee: true, optionsIncluses: ['Appels et SMS illimités en France', '50 Go en Europe et zone Affaires', 'Accès 5G', 'Multi-SIM data'], engagementMois: 0, zones: ['France', 'Europe', 'Zone Affaires'], commercialise: true },
  { idOffreEngagement: 201, libelle: 'Box Pro Fibre', idGamme: 2, prixMensuelCentimes: 3990, description: 'Fibre jusqu’à 2 Gbit/s, ligne fixe incluse', dataMo: null, dataIllimitee: false, optionsIncluses: ['Ligne fixe avec appels illimités vers les fixes', 'Wi-Fi 6'], engagementMois: 24, zones: ['France'], commercialise: true },
] as const satisfies readonly (typeof offers.$inferInsert)[];

/**
 * The mobile plans demo lines are drawn from: those of the first catalogue, so that the demo stays
 * the same line for line when plans are added (plans 107 to 109 came with the shop).
 */
export const MOBILE_OFFER_IDS: readonly number[] = [101, 102, 103, 104, 105, 106];
