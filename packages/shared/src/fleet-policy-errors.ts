import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the fleet policy: required cost centre, approval of orders (decision 051). */
export const FLEET_POLICY_ERRORS = {
  FLEET_POLICY_ONE_MANAGER: {
    status: 409,
    message: 'Un seuil de validation demande au moins deux gestionnaires sur le compte : invitez-en un autre avant de le fixer.',
  },
  FLEET_POLICY_CENTRE_REQUIRED: { status: 400, message: 'Choisissez le centre de coût des nouvelles lignes : votre entreprise l’exige.' },
  FLEET_POLICY_CENTRE_UNKNOWN: { status: 400, message: 'Ce centre de coût n’existe pas sur ce compte de facturation.' },
  APPROVAL_NOT_FOUND: { status: 404, message: 'Cette commande n’attend aucune validation.' },
  APPROVAL_OWN_ORDER: { status: 403, message: 'Vous ne pouvez pas valider votre propre commande : un autre gestionnaire doit le faire.' },
  APPROVAL_AGENT: { status: 403, message: 'Un conseiller ne peut pas valider ni refuser une commande à la place d’un gestionnaire.' },
  APPROVAL_ALREADY_DECIDED: { status: 409, message: 'Cette commande a déjà été validée, refusée ou annulée : rechargez la page.' },
} as const satisfies Record<string, CatalogueEntry>;
