import type { ServerParameters } from '@ecare/shared/parameters';
import { apiRequest, lazyParser } from '../../../lib/api-client.ts';
import { rememberParameters } from '../../../lib/server-parameters.ts';

// The login page calls this endpoint before TanStack Query and zod are loaded: the schema
// loads beside the request, and this module stays free of the query library (see
// get-parameters.ts for the query options and hook).
const parametersSchema = lazyParser(() =>
  import('@ecare/shared/parameters').then((module) => module.serverParametersSchema),
);

/** GET /api/parametres (public); every answer also feeds the route guard and the API client. */
export async function fetchParameters(signal?: AbortSignal): Promise<ServerParameters> {
  const parameters = await apiRequest('/api/parametres', { schema: parametersSchema, signal });
  rememberParameters(parameters);
  return parameters;
}
