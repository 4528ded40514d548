import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { agents, auditLog, billingAccounts, userBillingAccounts, users } from '../schema.ts';
import { DEMO_AGENTS } from './demo-agents.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';

/** A documentation address (RFC 5737): the customer-service desktop the demo agents worked from. */
const DESK_ADDRESS = '192.0.2.10';

/**
 * What the customer service did on the bakery's account before the demo starts, as the audit log
 * records an agent acting for a customer (core/audit.ts): two connections, each with its reason,
 * and what the agent did then. Reads only, so that nothing else of the demo must match them.
 * Days are relative to the seeding day, at fixed times in France; everything else is fixed.
 */
const DEMO_AGENT_ACTIONS = [
  { agent: DEMO_AGENTS.distance.identifiant, action: 'CONNEXION_AGENT', daysAgo: 20, hour: 9, minute: 12, motif: 'Question sur la dernière facture' },
  { agent: DEMO_AGENTS.distance.identifiant, action: 'TELECHARGEMENT_FACTURE', daysAgo: 20, hour: 9, minute: 16, motif: 'Question sur la dernière facture' },
  { agent: DEMO_AGENTS.bdp.identifiant, action: 'CONNEXION_AGENT', daysAgo: 6, hour: 15, minute: 40, motif: 'Aide à l’export des factures en boutique' },
  { agent: DEMO_AGENTS.bdp.identifiant, action: 'EXPORT_FACTURES', daysAgo: 6, hour: 15, minute: 47, motif: 'Aide à l’export des factures en boutique' },
] as const;

/** Runs after the customers and the agents: acts for the bakery's manager, on the bakery's account. */
export async function seedDemoAgentActions(db: Database, managerEmail: string, now: Date = new Date()): Promise<void> {
  const [manager] = await db
    .select({ userId: users.id, idClientBscs: billingAccounts.idClientBscs })
    .from(users)
    .innerJoin(userBillingAccounts, eq(userBillingAccounts.userId, users.id))
    .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, userBillingAccounts.idClientBscs))
    .where(and(eq(users.email, managerEmail), eq(billingAccounts.raisonSociale, DEMO_COMPANIES.bakery.raisonSociale)))
    .orderBy(asc(billingAccounts.idClientBscs))
    .limit(1);
  if (!manager) throw new Error('demo agent actions need the bakery’s manager');
  const agentIds = new Map((await db.select({ id: agents.id, identifiant: agents.identifiant }).from(agents)).map((row) => [row.identifiant, row.id]));
  const today = parisDay(now);
  await db.insert(auditLog).values(
    DEMO_AGENT_ACTIONS.map((entry) => {
      const agentId = agentIds.get(entry.agent);
      if (agentId === undefined) throw new Error(`no demo agent ${entry.agent}`);
      return {
        userId: agentId,
        onBehalfOf: manager.userId,
        action: entry.action,
        idClientBscs: manager.idClientBscs,
        at: parisInstant(addDays(today, -entry.daysAgo), entry.hour, entry.minute),
        sourceAddress: DESK_ADDRESS,
        details: { motif: entry.motif },
      };
    }),
  );
}
