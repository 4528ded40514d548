import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { fail } from '../lib/errors.ts';
import { isApiPattern, routePattern } from './route-scope.ts';

/** Routes (as registered, not as typed in the address bar) that keep answering during maintenance: the maintenance page needs them. */
const OPEN_DURING_MAINTENANCE = ['/api/parametres', '/api/dev/', '/api/docs'];

/**
 * What an administrator needs to end a maintenance (decision 030): signing in, and the back
 * office, whose own rule (the administration flag) still applies. A customer who signs in finds
 * everything else closed. These answers do not carry the flag either: it tells the web app to
 * close the page and sign out, and the back office must stay open to switch maintenance off.
 */
function isBackOfficePattern(pattern: string | undefined): boolean {
  return pattern === '/api/token' || pattern?.startsWith('/api/admin/') === true;
}

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
    if (isBackOfficePattern(pattern)) return;
    reply.header(MAINTENANCE_HEADER, 'true');
    reply.header('Access-Control-Expose-Headers', MAINTENANCE_HEADER);
    if (OPEN_DURING_MAINTENANCE.some((open) => pattern?.startsWith(open))) return;
    throw fail('MAINTENANCE', { retryAfterSeconds: 300 });
  });
}
