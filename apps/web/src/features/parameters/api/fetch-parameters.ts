import type { ParameterName, ServerParameters } from '@ecare/shared/parameters';
import { apiRequest, type Parser } from '../../../lib/api-client.ts';
import { rememberParameters } from '../../../lib/server-parameters.ts';

// The login page reads this endpoint on load, before zod and TanStack Query exist there
// (decision 012): the answer is checked by hand, here, against the shared type; a test keeps
// the check in step with serverParametersSchema. See get-parameters.ts for the query options.

/** Every public parameter name; the Record type makes the compiler reject a missing or extra one. */
const NAMES: Record<ParameterName, true> = {
  est_Bdp: true,
  hidE_CAPTCHA: true,
  reCAPTCHA_JS: true,
  reCAPTCHA_ClientKey: true,
  messageAuthentification: true,
  messagE_REINIT_MOTDEPASSE: true,
  en_maintenance: true,
  titrE_BANDEAU: true,
  activeR_RESSOURCES_EXTERNES: true,
  environment_MachineName: true,
  activer: true,
};

/** Same rule as serverParametersSchema: every public parameter is text; other fields are dropped. */
export const serverParametersParser: Parser<ServerParameters> = {
  parse(data) {
    if (typeof data !== 'object' || data === null) throw new TypeError('parametres: object expected');
    const source = data as Record<string, unknown>;
    const parameters: Partial<Record<ParameterName, string>> = {};
    for (const name of Object.keys(NAMES) as ParameterName[]) {
      const value = source[name];
      if (typeof value !== 'string') throw new TypeError(`parametres: ${name} is not text`);
      parameters[name] = value;
    }
    return parameters as ServerParameters;
  },
};

/** GET /api/parametres (public); every answer also feeds the route guard and the API client. */
export async function fetchParameters(signal?: AbortSignal): Promise<ServerParameters> {
  const parameters = await apiRequest('/api/parametres', { schema: serverParametersParser, signal });
  rememberParameters(parameters);
  return parameters;
}
