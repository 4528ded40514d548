import { describe, expect, it } from 'vitest';
import { catalogAccessories, menuItems, userBillingAccounts } from '../schema.ts';
import { insertMissingSql, primaryKey, splitStatements } from './sql.ts';

describe('data migration SQL', () => {
  it('quotes texts, keeps arrays and lets a missing column take its default', () => {
    const text = insertMissingSql(menuItems, [
      // eslint-disable-next-line no-restricted-syntax -- a quote for the SQL literal to escape
      { id: 1, parentId: null, kind: 'rubrique', nom: "L'aide d’abord", ordre: 1 },
      { id: 2, parentId: 1, kind: 'module', nom: 'Lignes', ordre: 2, accountStatuses: ['ACTIF', 'SUSPENDU'] },
    ]);
    expect(text).toBe(
      'INSERT INTO "menu_items" ("id", "parent_id", "kind", "nom", "ordre", "account_statuses") VALUES\n' +
        "  (1, NULL, 'rubrique', 'L''aide d’abord', 1, DEFAULT),\n" +
        "  (2, 1, 'module', 'Lignes', 2, ARRAY['ACTIF', 'SUSPENDU']::text[])\n" +
        'ON CONFLICT ("id") DO NOTHING;',
    );
  });

  it('writes integer arrays, and an empty array untyped for the column to type it', () => {
    const text = insertMissingSql(catalogAccessories, [
      { idArticle: 2001, compatibles: [1001, 1002] },
      { idArticle: 2002, compatibles: [] },
    ]);
    expect(text).toContain("(2001, ARRAY[1001, 1002]::integer[]),\n  (2002, '{}')");
  });

  it('refuses a property the table does not have', () => {
    expect(() => insertMissingSql(menuItems, [{ id: 1, titre: 'x' }])).toThrow(/no column for titre/);
  });

  it('finds single and composite primary keys', () => {
    expect(primaryKey(menuItems)).toEqual({ properties: ['id'], columns: ['id'] });
    expect(primaryKey(userBillingAccounts).columns).toEqual(['user_id', 'id_client_bscs']);
  });

  it('splits a migration file as the migrator does, without comment-only parts', () => {
    expect(splitStatements('-- what it holds\nINSERT 1;\n--> statement-breakpoint\nINSERT 2;\n')).toEqual(['-- what it holds\nINSERT 1;', 'INSERT 2;']);
  });
});
