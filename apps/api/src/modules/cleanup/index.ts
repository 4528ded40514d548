import type { Database } from '../../db/client.ts';
import { createCleanupRepository } from './cleanup.repository.ts';
import { createCleanupService, type CleanupOptions } from './cleanup.service.ts';

export { createCleanupRepository, type CleanupRepository } from './cleanup.repository.ts';
export { CLEANUP_BATCH_SIZE, CLEANUP_MAX_BATCHES, RETENTION } from './cleanup.retention.ts';
export { createCleanupService, type CleanupOptions, type CleanupReport, type CleanupService } from './cleanup.service.ts';

/**
 * The clean-up over the application database. Not a registered module yet: the job queue will
 * call `runAll(clock.now())` on a schedule (docs/decisions/014).
 */
export function createCleanup(db: Database, options?: CleanupOptions) {
  return createCleanupService(createCleanupRepository(db), options);
}
