import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, contactOptins, users } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';

/** When the demo's choices were saved: a fixed moment, so every run builds the same demo. */
const SAVED_AT = new Date('2025-11-03T08:45:00.000Z');

/**
 * Contact choices a few demo customers already made: the bakery gets the service news for its
 * contact address by e-mail (set by its manager), and its line user wants them by SMS. Everyone
 * else has chosen nothing yet, which reads as every choice off.
 */
export async function seedDemoOptins(
  db: Database,
  demo: { gestionnaire: { email: string }; utilisateur: { email: string } },
): Promise<void> {
  const emails = [demo.gestionnaire.email, demo.utilisateur.email];
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = (email: string) => people.find((person) => person.email === email)?.id;
  const manager = idOf(demo.gestionnaire.email);
  const lineUser = idOf(demo.utilisateur.email);
  const [bakery] = await db
    .select({ id: billingAccounts.idClientBscs })
    .from(billingAccounts)
    .where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.bakery.raisonSociale));
  if (manager === undefined || lineUser === undefined || !bakery) throw new Error('demo opt-ins need the bakery, its manager and its line user');
  const none = { emailMarketing: false, smsMarketing: false, emailActualites: false, smsActualites: false };
  await db.insert(contactOptins).values([
    { idClientBscs: bakery.id, ...none, emailActualites: true, updatedAt: SAVED_AT, updatedBy: manager },
    { userId: lineUser, ...none, smsActualites: true, updatedAt: SAVED_AT, updatedBy: lineUser },
  ]);
}
