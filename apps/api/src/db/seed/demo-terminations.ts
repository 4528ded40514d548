import { addMonths } from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, contracts, offers } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';

/**
 * What the termination pages show on the bakery's lines (decision 031), relative to the seeding
 * day: its suspended line is being ported out to another operator in 12 days (it ends on that
 * day), and two lines are committed for 5 and 20 more months (fees of both kinds), each on a plan
 * committing for at least as long (from the fourth line on: the first ones are left as drawn).
 */
export async function seedDemoTerminations(db: Database, now: Date = new Date()): Promise<void> {
  const [bakery] = await db
    .select({ id: billingAccounts.idClientBscs })
    .from(billingAccounts)
    .where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.bakery.raisonSociale));
  if (!bakery) throw new Error('demo terminations need the bakery');
  const lines = await db
    .select({ idContrat: contracts.idContrat, months: offers.engagementMois })
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
    .where(eq(contracts.idClientBscs, bakery.id))
    .orderBy(asc(contracts.idContrat));
  const candidates = lines.slice(3, 11);
  const committed5 = candidates.find((line) => line.months >= 5);
  const committed20 = candidates.find((line) => line !== committed5 && line.months >= 20);
  const porting = lines[11];
  if (!committed5 || !committed20 || !porting) throw new Error('the bakery has fewer lines, or fewer committed plans, than the demo terminations expect');
  const today = parisDay(now);
  await db.update(contracts).set({ dateFinEngagement: addMonths(today, 5) }).where(eq(contracts.idContrat, committed5.idContrat));
  await db.update(contracts).set({ dateFinEngagement: addMonths(today, 20) }).where(eq(contracts.idContrat, committed20.idContrat));
  await db.update(contracts).set({ datePortabiliteSortante: addDays(today, 12) }).where(eq(contracts.idContrat, porting.idContrat));
}
