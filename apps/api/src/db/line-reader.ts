import { and, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { billingAccounts, contracts, offers, terminations } from './schema.ts';

/**
 * One line (contract) with its plan and billing account, the columns the caller names: the read
 * every line feature starts with (eSIM, appointments, termination, tariff change…). Undefined when
 * no line has that id; whether the caller may touch it is the policy's business.
 */
export async function readLineWithOfferAndAccount<TSelection extends SelectedFields>(
  db: Database,
  idContrat: number,
  fields: TSelection,
): Promise<SelectResultFields<TSelection> | undefined> {
  // Inner joins: every selected column is as nullable as in its table, which is what
  // SelectResultFields says; the builder is given the plain type to keep its own typing simple.
  const selection: SelectedFields = fields;
  const [row] = await db
    .select(selection)
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
    .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, contracts.idClientBscs))
    .where(eq(contracts.idContrat, idContrat))
    .limit(1);
  return row as SelectResultFields<TSelection> | undefined;
}

/** Whether a termination of the line is scheduled (decision 031): the shop's journeys of a line stop there. */
export async function lineTerminationScheduled(db: Database, idContrat: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(terminations)
    .where(and(eq(terminations.idContrat, idContrat), eq(terminations.statut, 'PROGRAMMEE')))
    .limit(1);
  return row !== undefined;
}
