import type { FastifyInstance, HTTPMethods } from 'fastify';
import { isRecord, type JsonSchema } from './schema.ts';

export interface ParamSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One method + path the app serves, with what its OpenAPI description says about its inputs. */
export interface Operation {
  /** `GET /api/ligne/{id_contrat}` */
  key: string;
  method: string;
  /** Path with `{name}` placeholders; a router wildcard is `{*}`. */
  template: string;
  pathParams: ParamSpec[];
  query: ParamSpec[];
  body: { contentType: string; schema: JsonSchema } | null;
  /** Its documented errors are OAuth's `{ error, error_description }` (the token endpoint). */
  oauthErrors: boolean;
  /** Found in the OpenAPI document (otherwise only in the router: hidden or plugin routes). */
  documented: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

const asSchema = (value: unknown): JsonSchema => (isRecord(value) ? (value as JsonSchema) : {});

function placeholders(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

function describesOAuthError(responses: unknown): boolean {
  if (!isRecord(responses)) return false;
  return Object.entries(responses).some(([status, response]) => {
    if (!status.startsWith('4') || !isRecord(response) || !isRecord(response.content)) return false;
    return Object.values(response.content).some((media) => {
      const properties = isRecord(media) && isRecord(media.schema) ? media.schema.properties : undefined;
      return isRecord(properties) && 'error' in properties && 'error_description' in properties;
    });
  });
}

function fromDocument(document: unknown): Operation[] {
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isRecord);
      const spec = (where: string) =>
        parameters
          .filter((p) => p.in === where && typeof p.name === 'string')
          .map((p) => ({ name: String(p.name), schema: asSchema(p.schema), required: p.required === true }));
      const declared = spec('path');
      const pathParams = placeholders(template).map(
        (name) => declared.find((p) => p.name === name) ?? { name, schema: { type: 'string' }, required: true },
      );
      const content = isRecord(operation.requestBody) && isRecord(operation.requestBody.content) ? operation.requestBody.content : {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams,
        query: spec('query'),
        body: contentType && isRecord(media) ? { contentType, schema: asSchema(media.schema) } : null,
        oauthErrors: describesOAuthError(operation.responses),
        documented: true,
      });
    }
  }
  return operations;
}

/**
 * Routes from Fastify's route tree (`printRoutes({ commonPrefix: false })`): each line is
 * indented by 4 characters per level and reads `segment (METHOD, …)`; a route's path is the
 * concatenation of its ancestors' segments.
 */
export function parseRouteTree(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

const toTemplate = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Back to Fastify's notation, for `app.hasRoute`. */
export const routePath = (template: string) => template.replace(/\{\*\}$/, '*').replace(/\{([^}]+)\}/g, ':$1');

/**
 * The printout loses where a wildcard hangs (`/ecare/*` shows as `ecare` › `*`, a static
 * plugin's `/api/docs/static/*` as `api/docs/` › `*`): the router says which nearby path is real.
 */
function resolveWildcard(app: FastifyInstance, method: string, path: string, routes: { path: string }[], claimed: Set<string>): string {
  const known = (url: string) => app.hasRoute({ method: method as HTTPMethods, url });
  if (!path.endsWith('*') || known(path)) return path;
  const parent = path.slice(0, -1);
  const candidates = routes
    .filter((route) => route.path.startsWith(parent) && !route.path.endsWith('*'))
    .map((route) => `${route.path.slice(0, route.path.lastIndexOf('/'))}/*`);
  const found = candidates.find((candidate) => candidate.startsWith(parent) && !claimed.has(`${method} ${candidate}`) && known(candidate));
  if (found) claimed.add(`${method} ${found}`);
  return found ?? path;
}

/**
 * Every operation the running app serves: the OpenAPI document's, plus the router's routes the
 * document hides (pages, documentation assets, development tools). HEAD is left to the method
 * mutations when the same path answers GET.
 */
export function discoverOperations(app: FastifyInstance): Operation[] {
  const documented = fromDocument(app.swagger());
  const byKey = new Map(documented.map((operation) => [operation.key, operation]));
  const routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
  const claimed = new Set<string>();
  for (const route of routes) {
    const { method } = route;
    if (method === 'HEAD' && gets.has(route.path)) continue;
    const path = resolveWildcard(app, method, route.path, routes, claimed);
    const template = toTemplate(path);
    const key = `${method} ${template}`;
    if (byKey.has(key)) continue;
    byKey.set(key, {
      key,
      method,
      template,
      pathParams: placeholders(template).map((name) => ({ name, schema: { type: 'string' }, required: true })),
      query: [],
      body: null,
      oauthErrors: false,
      documented: false,
    });
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}
