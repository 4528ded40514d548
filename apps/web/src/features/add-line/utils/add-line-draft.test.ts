import { describe, expect, it } from 'vitest';
import { deliveryOf, EMPTY_COORDINATES, parseCoordinates } from './add-line-draft.ts';
import { addLinePath, stepFrom } from './add-line-steps.ts';

describe('the Coordonnées kept in sessionStorage', () => {
  it('reads back what was stored, and nothing malformed', () => {
    const draft = { ...EMPTY_COORDINATES, livraison: 'AUTRE_ADRESSE' as const, voie: 'rue des Forges', codePostal: '21000', ville: 'Dijon', complet: true };
    expect(parseCoordinates(JSON.stringify(draft))).toEqual(draft);
    expect(parseCoordinates(null)).toEqual(EMPTY_COORDINATES);
    expect(parseCoordinates('{not json')).toEqual(EMPTY_COORDINATES);
    expect(parseCoordinates(JSON.stringify({ livraison: 'CHEZ_LE_VOISIN', complet: true, voie: 42, idPointDeVente: '1; drop' }))).toEqual(EMPTY_COORDINATES);
    expect(parseCoordinates(JSON.stringify({ voie: 'x'.repeat(500) })).voie).toHaveLength(150);
  });

  it('makes the delivery of the order request', () => {
    expect(deliveryOf(EMPTY_COORDINATES)).toBeNull();
    expect(deliveryOf({ ...EMPTY_COORDINATES, livraison: 'ADRESSE_COMPTE' })).toEqual({ mode: 'ADRESSE_COMPTE' });
    expect(deliveryOf({ ...EMPTY_COORDINATES, livraison: 'POINT_DE_VENTE', idPointDeVente: '12' })).toEqual({ mode: 'POINT_DE_VENTE', idPointDeVente: 12 });
    expect(deliveryOf({ ...EMPTY_COORDINATES, livraison: 'POINT_DE_VENTE' })).toBeNull();
    expect(deliveryOf({ ...EMPTY_COORDINATES, livraison: 'AUTRE_ADRESSE', destinataire: 'Atelier', voie: 'rue des Forges', codePostal: '21000', ville: 'Dijon' })).toEqual({
      mode: 'AUTRE_ADRESSE',
      adresse: { destinataire: 'Atelier', numero: '', voie: 'rue des Forges', complement: '', codePostal: '21000', ville: 'Dijon' },
    });
  });
});

describe('the step in the address', () => {
  it('reads a known step, else the first one', () => {
    expect(stepFrom('coordonnees')).toBe('coordonnees');
    expect(stepFrom('paiement')).toBe('options');
    expect(stepFrom(null)).toBe('options');
  });

  it('writes the path of a step and of a line of the cart', () => {
    expect(addLinePath()).toBe('/ajout-ligne/ajouter-une-ligne-mobile');
    expect(addLinePath('options', 42)).toBe('/ajout-ligne/ajouter-une-ligne-mobile?ligne=42');
    expect(addLinePath('recapitulatif')).toBe('/ajout-ligne/ajouter-une-ligne-mobile?etape=recapitulatif');
  });
});
