import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_HEADER, MAINTENANCE_MESSAGE } from '@ecare/shared/constants';
import { AppError } from '../lib/errors.ts';
import type { ParametersService } from '../modules/parameters/parameters.service.ts';


/** Paths that keep answering during maintenance: the maintenance page needs them. */
const OPEN_DURING_MAINTENANCE = ['/api/parametres', '/api/dev/', '/api/docs'];

/**
 * While the server parameter en_maintenance is 'true', every API answer carries the header
 * `en_maintenance: true` (spec §8) and the API itself answers 503, the parameters excepted.
 */
export function registerMaintenance(app: FastifyInstance, parameters: ParametersService): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!(await parameters.inMaintenance())) return;
    reply.header(MAINTENANCE_HEADER, 'true');
    reply.header('Access-Control-Expose-Headers', MAINTENANCE_HEADER);
    if (OPEN_DURING_MAINTENANCE.some((path) => request.url.startsWith(path))) return;
    throw new AppError(503, 'MAINTENANCE', MAINTENANCE_MESSAGE, 300);
  });
}
