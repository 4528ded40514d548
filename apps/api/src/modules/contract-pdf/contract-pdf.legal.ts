/**
 * The operator company behind the brand, as the contract document names it (decision 019). The
 * company is fictional, like the brand; its SIREN has a valid check digit and its VAT number the
 * key computed from it.
 */
export const OPERATOR = {
  denomination: 'Telora SAS',
  formeJuridique: 'société par actions simplifiée',
  capitalEuros: 25_000_000,
  rcsVille: 'Nanterre',
  siren: '512345679',
  tvaIntracommunautaire: 'FR75512345679',
  siegeSocial: '18 rue des Quatre-Vents, 92100 Boulogne-Billancourt',
} as const;

const groupedSiren = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** The legal paragraph at the foot of every page of the contract. */
export function legalMentions(brandName: string, formatEuros: (euros: number) => string): string {
  return (
    `${brandName} est une marque de ${OPERATOR.denomination}, ${OPERATOR.formeJuridique} au capital de ` +
    `${formatEuros(OPERATOR.capitalEuros)}, immatriculée au RCS de ${OPERATOR.rcsVille} sous le numéro ` +
    `${groupedSiren(OPERATOR.siren)}, dont le siège social est situé ${OPERATOR.siegeSocial}. ` +
    `N° de TVA intracommunautaire : ${OPERATOR.tvaIntracommunautaire}. ` +
    'Opérateur de communications électroniques déclaré auprès de l’Arcep.'
  );
}

/** What completes the contract: the general terms and the price list. */
export const CONTRACT_TERMS =
  'Ce document reprend les conditions particulières de votre contrat. Il est complété par les conditions ' +
  'générales de vente et la fiche tarifaire en vigueur, disponibles sur la page « Conditions et tarifs » ' +
  'de votre espace client. Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises ' +
  '(TTC, TVA au taux de 20 %).';
