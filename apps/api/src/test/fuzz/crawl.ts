import type { FastifyInstance } from 'fastify';
import type { Operation } from './operations.ts';
import { isRecord, normaliseName, type KnownValues } from './schema.ts';

function collect(value: unknown, known: KnownValues): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, known);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const name = normaliseName(key);
    if ((typeof item === 'number' && item > 0) || (typeof item === 'string' && item !== '')) {
      if (!known.has(name)) known.set(name, item);
    } else {
      collect(item, known);
    }
  }
}

/**
 * Real identifiers for path parameters, read from the app's own answers as the demo user sees
 * them (`idClientBscs` in a list fills `{id_client_bscs}`), so that variants reach the handlers
 * rather than stop at "not found". GET operations are read in rounds as their parameters
 * become known.
 */
export async function crawlKnownValues(app: FastifyInstance, operations: Operation[], token: string): Promise<KnownValues> {
  const known: KnownValues = new Map();
  const pending = operations.filter((operation) => operation.method === 'GET' && operation.documented);
  for (let round = 0; round < 3 && pending.length; round++) {
    for (const operation of [...pending]) {
      const params = operation.pathParams.map((param) => known.get(normaliseName(param.name)));
      if (params.some((value) => value === undefined)) continue;
      pending.splice(pending.indexOf(operation), 1);
      let index = 0;
      const url = operation.template.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(params[index++])));
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) collect(response.json(), known);
    }
  }
  return known;
}
