import { describe, expect, it } from 'vitest';
import { centreChoice } from './centre-choice.ts';

describe('the centres offered to new lines', () => {
  it('names each under its parents, in alphabetical order, and says whether one is required', () => {
    const choice = centreChoice(
      [
        { idCentre: 2, code: 'LYON', libelle: 'Agence de Lyon', idParent: 1 },
        { idCentre: 1, code: 'COM', libelle: 'Direction commerciale', idParent: null },
        { idCentre: 3, code: 'ACH', libelle: 'Achats', idParent: null },
      ],
      true,
    );
    expect(choice).toEqual({
      required: true,
      options: [
        { value: '3', label: 'Achats (ACH)' },
        { value: '1', label: 'Direction commerciale (COM)' },
        { value: '2', label: 'Direction commerciale › Agence de Lyon (LYON)' },
      ],
    });
  });

  it('offers nothing while the centres are unknown', () => {
    expect(centreChoice(undefined, false)).toEqual({ options: [], required: false });
  });
});
