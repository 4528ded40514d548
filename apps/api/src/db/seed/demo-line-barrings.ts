import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, contracts } from '../schema.ts';
import { DEMO_COMPANIES, type DemoCompany } from './demo-companies.ts';

/** Lines of the demo with a barring (decision 053), by account and position (contract order). */
const DEMO_BARRINGS: { company: DemoCompany; position: number; itinerance: boolean; international: boolean }[] = [
  // A bakery line that never goes abroad: the page shows a barring to the demo manager.
  { company: DEMO_COMPANIES.bakery, position: 10, itinerance: true, international: false },
  // A lorry driver's line: roaming for the routes abroad, but no calls to foreign numbers.
  { company: DEMO_COMPANIES.transport, position: 1, itinerance: false, international: true },
];

/** Gives two demo lines a barring; every other line has none. */
export async function seedDemoLineBarrings(db: Database): Promise<void> {
  for (const { company, position, itinerance, international } of DEMO_BARRINGS) {
    const [account] = await db.select({ id: billingAccounts.idClientBscs }).from(billingAccounts).where(eq(billingAccounts.raisonSociale, company.raisonSociale));
    if (!account) throw new Error(`demo barrings need ${company.raisonSociale}`);
    const [line] = await db
      .select({ idContrat: contracts.idContrat })
      .from(contracts)
      .where(eq(contracts.idClientBscs, account.id))
      .orderBy(asc(contracts.idContrat))
      .offset(position)
      .limit(1);
    if (!line) throw new Error(`no demo line ${position} for ${company.raisonSociale}`);
    await db.update(contracts).set({ barrageItinerance: itinerance, barrageInternational: international }).where(eq(contracts.idContrat, line.idContrat));
  }
}
