import { addMonths } from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, contracts } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';

/**
 * What the termination pages show on the bakery's lines (decision 031), relative to the seeding
 * day: its suspended line is being ported out to another operator in 12 days (it ends on that
 * day), and two lines are committed for 5 and 20 more months (fees of both kinds).
 */
export async function seedDemoTerminations(db: Database, now: Date = new Date()): Promise<void> {
  const [bakery] = await db
    .select({ id: billingAccounts.idClientBscs })
    .from(billingAccounts)
    .where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.bakery.raisonSociale));
  if (!bakery) throw new Error('demo terminations need the bakery');
  const lines = await db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.idClientBscs, bakery.id)).orderBy(asc(contracts.idContrat));
  const [committed5, committed20, porting] = [lines[3], lines[4], lines[11]];
  if (!committed5 || !committed20 || !porting) throw new Error('the bakery has fewer lines than the demo terminations expect');
  const today = parisDay(now);
  await db.update(contracts).set({ dateFinEngagement: addMonths(today, 5) }).where(eq(contracts.idContrat, committed5.idContrat));
  await db.update(contracts).set({ dateFinEngagement: addMonths(today, 20) }).where(eq(contracts.idContrat, committed20.idContrat));
  await db.update(contracts).set({ datePortabiliteSortante: addDays(today, 12) }).where(eq(contracts.idContrat, porting.idContrat));
}
