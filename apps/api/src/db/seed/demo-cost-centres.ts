import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, contracts, costCentres } from '../schema.ts';
import { DEMO_COMPANIES, type DemoCompany } from './demo-companies.ts';

/** A centre of the demo tree, with its sub-centres. */
interface DemoCentre {
  code: string;
  libelle: string;
  sous?: DemoCentre[];
}

/**
 * Each demo account with several lines: its tree of cost centres, the centre of each of its lines
 * by position (contract order; null: none) and the labels of some (decision 048).
 */
const DEMO_TREES: { company: DemoCompany; tree: DemoCentre[]; lines: (string | null)[]; labels: Record<number, string[]> }[] = [
  {
    company: DEMO_COMPANIES.bakery,
    tree: [
      {
        code: 'DIRCO',
        libelle: 'Direction commerciale',
        sous: [
          { code: 'BOUTIQUES', libelle: 'Boutiques', sous: [{ code: 'DIJON-CENTRE', libelle: 'Boutique Dijon centre' }] },
          { code: 'LYON', libelle: 'Agence Lyon' },
        ],
      },
      { code: 'PROD', libelle: 'Production', sous: [{ code: 'FOURNIL', libelle: 'Fournil' }] },
    ],
    lines: ['DIJON-CENTRE', 'DIRCO', 'LYON', 'LYON', 'FOURNIL', null, 'FOURNIL', 'PROD', 'DIJON-CENTRE', 'BOUTIQUES', null, 'LYON'],
    labels: { 1: ['VIP'], 4: ['Astreinte'], 6: ['Astreinte', 'Livraison'], 7: ['Livraison'] },
  },
  {
    company: DEMO_COMPANIES.transport,
    tree: [
      { code: 'EXPL', libelle: 'Exploitation', sous: [{ code: 'GERLAND', libelle: 'Agence Lyon Gerland', sous: [{ code: 'NUIT', libelle: 'Équipe de nuit' }] }] },
      { code: 'ADM', libelle: 'Direction administrative' },
    ],
    lines: ['ADM', 'GERLAND', 'NUIT', 'NUIT', 'GERLAND', null],
    labels: { 0: ['VIP'], 2: ['Astreinte'], 3: ['Astreinte', 'Poids lourd'], 4: ['Poids lourd'] },
  },
  {
    company: DEMO_COMPANIES.publicWorks,
    tree: [{ code: 'CHANTIERS', libelle: 'Chantiers', sous: [{ code: 'A6', libelle: 'Chantier A6' }, { code: 'TRAM', libelle: 'Chantier tramway T10' }] }],
    lines: ['A6', 'TRAM', null],
    labels: { 0: ['Chantier'], 1: ['Chantier', 'Astreinte'] },
  },
];

/**
 * The demo's cost centres: a two- or three-level tree for each account with several lines, most
 * lines in a centre, some with labels (« Astreinte », « VIP »…). Seeded before the invoices, which
 * keep the centre each line had when they were issued.
 */
export async function seedDemoCostCentres(db: Database): Promise<void> {
  for (const { company, tree, lines, labels } of DEMO_TREES) {
    const [account] = await db.select({ id: billingAccounts.idClientBscs }).from(billingAccounts).where(eq(billingAccounts.raisonSociale, company.raisonSociale));
    if (!account) throw new Error(`demo cost centres need ${company.raisonSociale}`);
    const ids = new Map<string, number>();
    const insert = async (centres: readonly DemoCentre[], idParent: number | null) => {
      for (const centre of centres) {
        const [row] = await db
          .insert(costCentres)
          .values({ idClientBscs: account.id, code: centre.code, libelle: centre.libelle, idParent })
          .returning({ idCentre: costCentres.idCentre });
        if (!row) throw new Error('demo cost centre not inserted');
        ids.set(centre.code, row.idCentre);
        await insert(centre.sous ?? [], row.idCentre);
      }
    };
    await insert(tree, null);
    const accountLines = await db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.idClientBscs, account.id)).orderBy(asc(contracts.idContrat));
    for (const [i, line] of accountLines.entries()) {
      const code = lines[i] ?? null;
      await db
        .update(contracts)
        .set({ idCentre: code === null ? null : (ids.get(code) ?? null), etiquettes: labels[i] ?? [] })
        .where(eq(contracts.idContrat, line.idContrat));
    }
  }
}
