import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { fail } from '../lib/errors.ts';
import { isApiPattern, routePattern } from './route-scope.ts';

/** Routes (as registered, not as typed in the address bar) that keep answering during maintenance: the maintenance page needs them. */
const OPEN_DURING_MAINTENANCE = ['/api/parametres', '/api/dev/', '/api/docs'];

/**
 * While the server parameter en_maintenance is 'true', every API answer carries the header
 * `en_maintenance: true` (spec §8) and the API itself answers 503, the parameters excepted.
 * "API" is decided on the matched route, so `/%61pi/comptes_facturation` is closed too.
 */
export function registerMaintenance(app: FastifyInstance, inMaintenance: () => Promise<boolean>): void {
  app.addHook('onRequest', async (request, reply) => {
    const pattern = routePattern(request);
    if (!isApiPattern(pattern)) return;
    if (!(await inMaintenance())) return;
    reply.header(MAINTENANCE_HEADER, 'true');
    reply.header('Access-Control-Expose-Headers', MAINTENANCE_HEADER);
    if (OPEN_DURING_MAINTENANCE.some((open) => pattern?.startsWith(open))) return;
    throw fail('MAINTENANCE', { retryAfterSeconds: 300 });
  });
}
