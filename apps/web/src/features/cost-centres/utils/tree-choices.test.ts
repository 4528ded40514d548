import { describe, expect, it } from 'vitest';
import { createCostCentreEntry } from '../../../test/factories.ts';
import { labelsFromText } from './centre-forms.ts';
import { parentChoices } from './tree-choices.ts';

const top = createCostCentreEntry({ idCentre: 1, code: 'DIRCO', niveau: 1 });
const middle = createCostCentreEntry({ idCentre: 2, code: 'BOUTIQUES', idParent: 1, niveau: 2 });
const leaf = createCostCentreEntry({ idCentre: 3, code: 'DIJON', idParent: 2, niveau: 3 });
const other = createCostCentreEntry({ idCentre: 4, code: 'PROD', niveau: 1 });
const TREE = [top, middle, leaf, other];
const codes = (list: { code: string }[]) => list.map((centre) => centre.code);

describe('the parents a centre may take', () => {
  it('offers a new centre any centre above the third level', () => {
    expect(codes(parentChoices(TREE, null))).toEqual(['DIRCO', 'BOUTIQUES', 'PROD']);
  });

  it('never offers the centre itself nor its sub-centres, nor a place that would make a fourth level', () => {
    // DIRCO spans three levels: it stays at the top.
    expect(codes(parentChoices(TREE, 1))).toEqual([]);
    expect(codes(parentChoices(TREE, 2))).toEqual(['DIRCO', 'PROD']);
    expect(codes(parentChoices(TREE, 3))).toEqual(['DIRCO', 'BOUTIQUES', 'PROD']);
  });
});

describe('labels typed in one field', () => {
  it('splits on commas, trims and drops duplicates whatever their case', () => {
    expect(labelsFromText(' Astreinte, VIP ,astreinte,, ')).toEqual({ ok: true, etiquettes: ['Astreinte', 'VIP'] });
    expect(labelsFromText('')).toEqual({ ok: true, etiquettes: [] });
  });

  it('refuses what the server refuses', () => {
    expect(labelsFromText(Array.from({ length: 11 }, (_, i) => `E${i}`).join(','))).toEqual({ ok: false, code: 'LINE_LABELS_TOO_MANY' });
    expect(labelsFromText('x'.repeat(31))).toEqual({ ok: false, code: 'LINE_LABEL_TOO_LONG' });
    expect(labelsFromText('A\tB')).toEqual({ ok: false, code: 'LINE_LABEL_CONTROL_CHARACTERS' });
  });
});
