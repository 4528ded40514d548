import { describe, expect, it } from 'vitest';
import { lineExportPath, lineUsersPath } from './other-paths.ts';
import { FIRST_LINE_PAGE, linePagePath } from './paths.ts';

describe('line API paths', () => {
  it('keeps the first page’s path as the entry script sends it, and adds only the filters set', () => {
    expect(linePagePath(31, FIRST_LINE_PAGE)).toBe('/api/contrats_pagination/31?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=');
    expect(linePagePath(31, { ...FIRST_LINE_PAGE, statut: 'ACTIF', idOffreEngagement: 102 })).toBe(
      '/api/contrats_pagination/31?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=&statut=ACTIF&idOffreEngagement=102',
    );
  });

  it('exports the filtered list with its filters and order', () => {
    const filters = { recherche: '+33 6', statut: 'SUSPENDU' as const, idOffreEngagement: null, idCentre: null, etiquette: '' };
    expect(lineExportPath(31, 'xlsx', { tri: 'codeStatut', ordre: 'desc' }, { kind: 'filtres', filters })).toBe(
      '/api/contrats_pagination/31/export?format=xlsx&tri=codeStatut&ordre=desc&recherche=%2B33+6&statut=SUSPENDU',
    );
  });

  it('adds the centre (or « aucun ») and the label when set', () => {
    expect(linePagePath(31, { ...FIRST_LINE_PAGE, idCentre: 7, etiquette: 'Astreinte' })).toBe(
      '/api/contrats_pagination/31?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=&idCentre=7&etiquette=Astreinte',
    );
    const filters = { recherche: '', statut: null, idOffreEngagement: null, idCentre: 'aucun' as const, etiquette: '' };
    expect(lineExportPath(31, 'csv', { tri: 'centre', ordre: 'asc' }, { kind: 'filtres', filters })).toBe('/api/contrats_pagination/31/export?format=csv&tri=centre&ordre=asc&idCentre=aucun');
  });

  it('exports a selection by its ids alone, whatever the filters on screen', () => {
    expect(lineExportPath(31, 'csv', { tri: 'numeroLigne', ordre: 'asc' }, { kind: 'selection', ids: [5003, 5001] })).toBe(
      '/api/contrats_pagination/31/export?format=csv&tri=numeroLigne&ordre=asc&ids=5003%2C5001',
    );
  });

  it('names the lines whose users are read', () => {
    expect(lineUsersPath([5003, 5001])).toBe('/api/lignes/5003,5001/utilisateurs');
  });
});
