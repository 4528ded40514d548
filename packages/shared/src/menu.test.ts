import { describe, expect, it } from 'vitest';
import { menuColumns } from './menu.ts';

describe('menuColumns', () => {
  it('splits items sorted by ordre into three columns', () => {
    const items = [5, 1, 4, 2, 3].map((ordre) => ({ ordre }));
    expect(menuColumns(items)).toEqual([[{ ordre: 1 }, { ordre: 4 }], [{ ordre: 2 }, { ordre: 5 }], [{ ordre: 3 }]]);
  });
});
