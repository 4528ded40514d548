import { DELIVERY_MODES, submittedOrderSchema, type DeliveryMode, type SubmitOrderRequest, type SubmittedOrder } from '@ecare/shared/add-line';
import { ORDER_PAYMENT_MODE } from '@ecare/shared/shop';
import { useCallback, useState } from 'react';

/** The Coordonnées step as typed: delivery and payment, kept in this tab until the order is sent. */
export interface CoordinatesDraft {
  livraison: DeliveryMode | '';
  destinataire: string;
  numero: string;
  voie: string;
  complement: string;
  codePostal: string;
  ville: string;
  idPointDeVente: string | null;
  modePaiement: string;
  /** The step was sent and checked (address found): the order recap may show. */
  complet: boolean;
}

export const EMPTY_COORDINATES: CoordinatesDraft = {
  livraison: '',
  destinataire: '',
  numero: '',
  voie: '',
  complement: '',
  codePostal: '',
  ville: '',
  idPointDeVente: null,
  modePaiement: String(ORDER_PAYMENT_MODE.Virement),
  complet: false,
};

const coordinatesKey = (idSouscription: number) => `ajout-ligne_coordonnees_${idSouscription}`;
const ORDER_KEY = 'ajout-ligne_commande';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** Reads a stored draft; anything malformed is left at its default. */
export function parseCoordinates(stored: string | null): CoordinatesDraft {
  if (!stored) return EMPTY_COORDINATES;
  try {
    const value = JSON.parse(stored) as Record<string, unknown>;
    const livraison = DELIVERY_MODES.find((mode) => mode === value.livraison) ?? '';
    return {
      livraison,
      destinataire: text(value.destinataire, 100),
      numero: text(value.numero, 10),
      voie: text(value.voie, 150),
      complement: text(value.complement, 100),
      codePostal: text(value.codePostal, 5),
      ville: text(value.ville, 100),
      idPointDeVente: typeof value.idPointDeVente === 'string' && /^\d{1,10}$/.test(value.idPointDeVente) ? value.idPointDeVente : null,
      modePaiement: value.modePaiement === String(ORDER_PAYMENT_MODE.CarteBleue) ? String(ORDER_PAYMENT_MODE.CarteBleue) : String(ORDER_PAYMENT_MODE.Virement),
      complet: value.complet === true && livraison !== '',
    };
  } catch {
    return EMPTY_COORDINATES;
  }
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable (privacy mode): the values live as long as the page.
  }
}

/** The Coordonnées of one cart (by its id), in this tab's sessionStorage (cleared at sign-out with the rest). */
export function useCoordinatesDraft(idSouscription: number | null) {
  const [state, setState] = useState<{ id: number | null; draft: CoordinatesDraft }>(() => ({
    id: idSouscription,
    draft: idSouscription === null ? EMPTY_COORDINATES : parseCoordinates(read(coordinatesKey(idSouscription))),
  }));
  // Another cart (the first line made it, or an order was sent): its own draft.
  const current =
    state.id === idSouscription ? state.draft : idSouscription === null ? EMPTY_COORDINATES : parseCoordinates(read(coordinatesKey(idSouscription)));
  if (state.id !== idSouscription) setState({ id: idSouscription, draft: current });

  const save = useCallback(
    (draft: CoordinatesDraft) => {
      setState({ id: idSouscription, draft });
      if (idSouscription !== null) write(coordinatesKey(idSouscription), JSON.stringify(draft));
    },
    [idSouscription],
  );
  const clear = useCallback(() => {
    if (idSouscription !== null) write(coordinatesKey(idSouscription), null);
    setState({ id: idSouscription, draft: EMPTY_COORDINATES });
  }, [idSouscription]);
  return { draft: current, save, clear };
}

/** The delivery of the order request, from a complete draft. */
export function deliveryOf(draft: CoordinatesDraft): SubmitOrderRequest['Livraison'] | null {
  switch (draft.livraison) {
    case 'ADRESSE_COMPTE':
      return { mode: 'ADRESSE_COMPTE' };
    case 'AUTRE_ADRESSE':
      return {
        mode: 'AUTRE_ADRESSE',
        adresse: { destinataire: draft.destinataire, numero: draft.numero, voie: draft.voie, complement: draft.complement, codePostal: draft.codePostal, ville: draft.ville },
      };
    case 'POINT_DE_VENTE':
      return draft.idPointDeVente === null ? null : { mode: 'POINT_DE_VENTE', idPointDeVente: Number(draft.idPointDeVente) };
    case '':
      return null;
  }
}

/** The order just sent, kept in this tab so the confirmation survives a reload. */
export function rememberOrder(order: SubmittedOrder): void {
  write(ORDER_KEY, JSON.stringify(order));
}

export function rememberedOrder(): SubmittedOrder | null {
  const stored = read(ORDER_KEY);
  if (!stored) return null;
  try {
    const parsed = submittedOrderSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetOrder(): void {
  write(ORDER_KEY, null);
}
