/** Said when the check could not be made (no answer, or its code could not be downloaded). */
export const NETWORK_FAILURE_MESSAGE =
  'La vérification de vos factures n’a pas pu être faite\u00a0: vérifiez votre connexion Internet, puis réessayez.';
