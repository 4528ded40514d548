import type { RecapDocument } from '@ecare/shared/add-line';

/** Where a recap PDF of the cart is; opening it is recorded by the server. */
export const recapDocumentPath = (idSouscription: number, document: RecapDocument) => `/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`;
