import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoFixture } from '../../test/demo-fixture.ts';
import { useTestContext } from '../../test/harness.ts';
import { auditCounts, bulkPaths, heldJobs, jobOf, startJob } from '../../test/support/bulk-actions.ts';
import { bulkJobRows } from './bulk-actions.schema.ts';

/*
 * A job's worker stopped between two chunks, and the job resumed by another instance on the same
 * database: every row done exactly once. Chunks of 3 rows; the queue holds the jobs until the test
 * hands them to the instance running.
 */
const queue = heldJobs();
const { t, f } = useTestContext(demoFixture, { env: { BULK_ACTIONS_CHUNK: '3', BULK_ACTIONS_RUN_SECONDS: '0' }, jobs: () => () => queue });

describe('bulk jobs across a restart', () => {
  it('resumes on another instance after a stop between chunks, each row done exactly once', async () => {
    const lines = f.lines.filter((line) => line.codeStatut !== 'RESILIE').map((line) => line.idContrat);
    expect(lines.length).toBeGreaterThanOrEqual(9);
    const before = await auditCounts(t, 'MODIFICATION_ANNUAIRE', lines);
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ORANGE' }, lignes: lines });
    expect(queue.queued).toHaveLength(1);

    // The first instance does two chunks, then stops (as a restart would, between chunks).
    const first = await t.anotherInstance({ BULK_ACTIONS_CHUNK: '3' });
    expect(await first.bulkActions.runChunk(id)).toBe(true);
    expect(await first.bulkActions.runChunk(id)).toBe(true);
    await first.close();
    const midway = await jobOf(t, f.manager, f.account, id);
    expect(midway).toMatchObject({ statut: 'EN_COURS', faits: 6 });

    // A retried chunk (the same rows taken twice at once) does each row once.
    const second = await t.anotherInstance({ BULK_ACTIONS_CHUNK: '3' });
    await Promise.all([second.bulkActions.runChunk(id), t.app.bulkActions.runChunk(id)]);
    // The queue hands the job, still there, to the instance now working it: it resumes.
    await queue.runQueued();

    const done = await jobOf(t, f.manager, f.account, id);
    expect(done).toMatchObject({ statut: 'TERMINE', total: lines.length, faits: lines.length, refuses: 0 });
    expect(done.lignes.every((row) => row.resultat === 'OK')).toBe(true);
    const after = await auditCounts(t, 'MODIFICATION_ANNUAIRE', lines);
    for (const idContrat of lines) expect((after.get(idContrat) ?? 0) - (before.get(idContrat) ?? 0), `line ${idContrat}`).toBe(1);
  });

  it('works a job a run at a time, each run queuing the rest: a run lost in a crash (retried when it expires, two minutes on) holds back only its own chunks', async () => {
    const lines = f.colleagues.map((line) => line.idContrat);
    expect(lines.length).toBeGreaterThan(6);
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ROUGE' }, lignes: lines });
    expect(queue.queued).toHaveLength(1);
    // BULK_ACTIONS_RUN_SECONDS=0: each run does one chunk, then queues the next run.
    await queue.runNext();
    expect(await jobOf(t, f.manager, f.account, id)).toMatchObject({ statut: 'EN_COURS', faits: 3 });
    expect(queue.queued).toEqual([{ queue: 'bulk-actions.run', data: { idTraitement: id } }]);
    await queue.runQueued();
    expect(await jobOf(t, f.manager, f.account, id)).toMatchObject({ statut: 'TERMINE', faits: lines.length, refuses: 0 });
  });

  it('stops a job between chunks: the rows not done yet are cancelled and never done', async () => {
    const lines = f.colleagues.map((line) => line.idContrat);
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'PARUTION' }, lignes: lines });
    expect(await t.app.bulkActions.runChunk(id)).toBe(true);
    const cancelled = await t.send('POST', `${bulkPaths(f.account).job(id)}/annulation`, { token: f.manager });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await queue.runQueued();
    const job = await jobOf(t, f.manager, f.account, id);
    expect(job).toMatchObject({ statut: 'ANNULE', faits: 3 });
    expect(job.lignes.filter((row) => row.resultat === 'ANNULE')).toHaveLength(lines.length - 3);
    const todo = await t.db.select().from(bulkJobRows).where(and(eq(bulkJobRows.idTraitement, id), eq(bulkJobRows.etat, 'A_FAIRE')));
    expect(todo).toEqual([]);
  });
});
