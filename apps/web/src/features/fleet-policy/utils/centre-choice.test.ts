import { describe, expect, it } from 'vitest';
import { centreChoice } from './centre-choice.ts';

const centre = (idCentre: number, code: string, libelle: string, idParent: number | null, niveau: number) => ({
  idCentre,
  code,
  libelle,
  idParent,
  niveau,
  nombreLignes: 0,
  nombreLignesTotal: 0,
  nombreSousCentres: 0,
});

describe('the centres offered to new lines', () => {
  it('keeps the tree’s reading order, each centre indented under its parent, and says whether one is required', () => {
    const choice = centreChoice([centre(3, 'ACH', 'Achats', null, 1), centre(1, 'COM', 'Direction commerciale', null, 1), centre(2, 'LYON', 'Agence de Lyon', 1, 2)], true);
    expect(choice).toEqual({
      required: true,
      options: [
        { value: '3', label: 'Achats (ACH)' },
        { value: '1', label: 'Direction commerciale (COM)' },
        { value: '2', label: '\u00a0\u00a0\u00a0\u00a0Agence de Lyon (LYON)' },
      ],
    });
  });

  it('offers nothing while the centres are unknown', () => {
    expect(centreChoice(undefined, false)).toEqual({ options: [], required: false });
  });
});
