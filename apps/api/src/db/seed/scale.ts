import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { billingAccounts, companies, contracts } from '../schema.ts';
import { FIRST_ACCOUNT_ID, FIRST_CONTRACT_ID, buildBillingAccount, buildCompany, buildContract } from './builders.ts';
import { Random } from './random.ts';

const BATCH = 1_000;

/**
 * Adds `accountCount` billing accounts (a company each, 1 to 19 lines each, about 10 on
 * average) after the existing ones, in batches. Deterministic for a given starting point.
 */
export async function seedScale(
  db: Database,
  accountCount: number,
  progress: (done: number) => void = () => {},
): Promise<{ accounts: number; contracts: number }> {
  const [maxes] = await db
    .select({
      account: sql<number | null>`(select max(${billingAccounts.idClientBscs}) from ${billingAccounts})`,
      contract: sql<number | null>`(select max(${contracts.idContrat}) from ${contracts})`,
    })
    .from(sql`(select 1) as one`);
  let nextAccount = maxes?.account ? Number(maxes.account) + 1 : FIRST_ACCOUNT_ID;
  let nextContract = maxes?.contract ? Number(maxes.contract) + 1 : FIRST_CONTRACT_ID;
  const rng = new Random(nextAccount);
  let contractTotal = 0;
  let accountTotal = 0;

  for (let done = 0; done < accountCount; done += BATCH) {
    const size = Math.min(BATCH, accountCount - done);
    const companyRows = await db
      .insert(companies)
      .values(Array.from({ length: size }, () => buildCompany(rng)))
      .onConflictDoNothing()
      .returning();
    const accountRows = companyRows.map((company) => buildBillingAccount(rng, nextAccount++, company));
    if (accountRows.length > 0) await db.insert(billingAccounts).values(accountRows);
    accountTotal += accountRows.length;
    const lines = accountRows.flatMap((account) =>
      Array.from({ length: rng.int(1, 19) }, () => buildContract(rng, nextContract++, account.idClientBscs)),
    );
    for (let i = 0; i < lines.length; i += BATCH * 2) {
      await db.insert(contracts).values(lines.slice(i, i + BATCH * 2));
    }
    contractTotal += lines.length;
    progress(done + size);
  }
  // The planner's statistics still describe the tables before the load: PostgreSQL's autovacuum
  // refreshes them some time later, PGlite (no background worker) never does, and until then
  // every query is planned on the row counts of a far smaller table.
  await db.execute(sql`analyze ${companies}, ${billingAccounts}, ${contracts}`);
  return { accounts: accountTotal, contracts: contractTotal };
}
