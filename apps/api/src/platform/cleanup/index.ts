import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../core/jobs.ts';
import { defineModule } from '../../core/module.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCleanupRepository } from './cleanup.repository.ts';
import { createCleanupService, type CleanupOptions, type CleanupService } from './cleanup.service.ts';

export { createCleanupRepository, type CleanupRepository } from './cleanup.repository.ts';
export { CLEANUP_BATCH_SIZE, CLEANUP_MAX_BATCHES, RETENTION } from './cleanup.retention.ts';
export { createCleanupService, type CleanupOptions, type CleanupReport, type CleanupService } from './cleanup.service.ts';

/** The clean-up over the application database. */
export function createCleanup(db: Database, options?: CleanupOptions) {
  return createCleanupService(createCleanupRepository(db), options);
}

export const CLEANUP_JOB = 'cleanup';
/** Every hour, on the hour (UTC): retention periods are days, and a run's batches stay small. */
export const CLEANUP_CRON = '0 * * * *';

/** Schedules `runAll` with the clock's time; one instance runs each occurrence. */
export function scheduleCleanup(jobs: Jobs, cleanup: CleanupService, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  return jobs.schedule(CLEANUP_JOB, CLEANUP_CRON, async () => {
    const report = await cleanup.runAll(clock.now());
    log.info({ report }, 'clean-up done');
  });
}

/**
 * Deletes, every hour, the rows that have done their job (decision 014), the contact form's
 * attachments past their retention (decision 030), each deletion logged with its ticket, and the
 * uploaded files no row names (unfinished uploads, files of rolled-back or deleted rows).
 */
export const cleanupModule = defineModule('cleanup', async (_app, core) => {
  const cleanup = createCleanup(core.db, {
    files: core.files,
    onAttachmentDeleted: (reference) => core.log.info({ reference }, 'support attachment deleted at the end of its retention'),
    onUnclaimedFileDeleted: (file) => core.log.info({ file }, 'stored file deleted: no row names it'),
  });
  await scheduleCleanup(core.jobs, cleanup, core.clock, core.log);
});
