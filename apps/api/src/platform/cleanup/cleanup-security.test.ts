import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices, mfaChallenges } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { KNOWN_DEVICE_MS } from '../../modules/user-sessions/user-sessions.service.ts';
import { createCleanup, RETENTION } from './index.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const cleanup = () => createCleanup(t.db);

let people = 0;
async function person() {
  people += 1;
  return createUser(t.db, { email: `nettoyage-securite${people}@client.test`, password: 'Nettoyage#2026', gestionnaire: true });
}

/** A second step of a sign-in created at `createdAt`, living 5 minutes, used at `usedAt` if given. */
async function challenge(userId: number, createdAt: Date, usedAt: Date | null = null) {
  const [row] = await t.db
    .insert(mfaChallenges)
    .values({ tokenHash: hashToken(newToken()), userId, createdAt, expiresAt: new Date(createdAt.getTime() + 5 * MINUTE), usedAt })
    .returning({ id: mfaChallenges.id });
  return row?.id ?? 0;
}
const challengeExists = async (id: number) => (await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.id, id))).length === 1;
const devicesOf = async (userId: number) =>
  (await t.db.select({ cle: knownDevices.cle }).from(knownDevices).where(eq(knownDevices.userId, userId))).map((row) => row.cle).sort();

describe('clean-up of the second factor’s and the devices’ rows (decision 058)', () => {
  it('deletes sign-ins’ second steps a day after they expired or were used, never a live one', async () => {
    const user = await person();
    const now = t.clock.now();
    const expiredLongAgo = await challenge(user.id, new Date(now.getTime() - DAY - 10 * MINUTE));
    const usedLongAgo = await challenge(user.id, new Date(now.getTime() - DAY - 2 * MINUTE), new Date(now.getTime() - DAY - MINUTE));
    const expiredRecently = await challenge(user.id, new Date(now.getTime() - 10 * MINUTE));
    const usedRecently = await challenge(user.id, new Date(now.getTime() - 2 * MINUTE), new Date(now.getTime() - MINUTE));
    const live = await challenge(user.id, now);

    expect(await cleanup().mfaChallenges(now)).toBeGreaterThanOrEqual(2);
    expect(await challengeExists(expiredLongAgo)).toBe(false);
    expect(await challengeExists(usedLongAgo)).toBe(false);
    for (const kept of [expiredRecently, usedRecently, live]) expect(await challengeExists(kept)).toBe(true);
    expect(RETENTION.mfaChallengesMs).toBe(DAY);
  });

  it('deletes devices not seen for 90 days, but each user’s latest one, so that their next new device is still mailed', async () => {
    expect(RETENTION.knownDevicesMs).toBe(KNOWN_DEVICE_MS);
    const now = t.clock.now();
    const before = (days: number) => new Date(now.getTime() - days * DAY);
    const active = await person();
    const away = await person();
    await t.db.insert(knownDevices).values([
      { userId: active.id, cle: 'desktop||windows|chrome', vuLe: before(1) },
      { userId: active.id, cle: 'mobile|apple|ios|safari', vuLe: before(89) },
      { userId: active.id, cle: 'desktop|apple|macos|firefox', vuLe: before(91) },
      { userId: away.id, cle: 'desktop||windows|edge', vuLe: before(200) },
      { userId: away.id, cle: 'desktop||linux|firefox', vuLe: before(120) },
    ]);

    expect(await cleanup().knownDevices(now)).toBeGreaterThanOrEqual(2);
    expect(await devicesOf(active.id)).toEqual(['desktop||windows|chrome', 'mobile|apple|ios|safari']);
    // Not seen for 120 days, yet their latest: kept, so their next sign-in is compared with it.
    expect(await devicesOf(away.id)).toEqual(['desktop||linux|firefox']);
    expect(await cleanup().knownDevices(now)).toBe(0);
  });

  it('runs both with runAll', async () => {
    const user = await person();
    const now = t.clock.now();
    await challenge(user.id, new Date(now.getTime() - 2 * DAY));
    await t.db.insert(knownDevices).values([
      { userId: user.id, cle: 'a', vuLe: new Date(now.getTime() - 100 * DAY) },
      { userId: user.id, cle: 'b', vuLe: now },
    ]);
    const report = await cleanup().runAll(now);
    expect(report.mfaChallenges).toBeGreaterThanOrEqual(1);
    expect(report.knownDevices).toBeGreaterThanOrEqual(1);
    expect(await devicesOf(user.id)).toEqual(['b']);
  });
});
