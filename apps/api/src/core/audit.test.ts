import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { createTransact } from '../db/transaction.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createAudit } from './audit.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('audit log', () => {
  it('records an entry on its own, and in the caller’s transaction only if that commits', async () => {
    const audit = createAudit(t.db, t.clock);
    const transact = createTransact(t.db);
    const entry = { userId: 1, action: 'LECTURE_PUK' as const, idClientBscs: 7, idContrat: 424_242, sourceAddress: '203.0.113.9' };
    await audit.record(entry);
    await expect(
      transact(async (tx) => {
        await audit.record({ ...entry, action: 'ACTIVATION_SIM' }, { tx });
        throw new Error('the write it describes failed');
      }),
    ).rejects.toThrow('the write it describes failed');
    await transact((tx) => audit.record({ ...entry, action: 'DECLARATION_PERTE_VOL', onBehalfOf: 2 }, { tx }));
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.idContrat, 424_242));
    expect(rows.map((row) => [row.action, row.onBehalfOf])).toEqual([
      ['LECTURE_PUK', null],
      ['DECLARATION_PERTE_VOL', 2],
    ]);
    expect(rows[0]).toMatchObject({ userId: 1, idClientBscs: 7, sourceAddress: '203.0.113.9', at: t.clock.now() });
  });
});
