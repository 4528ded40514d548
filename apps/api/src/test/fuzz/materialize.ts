import { CREDENTIAL_HEADERS } from './catalogue.ts';
import { renderBody, shapeBody, type BodyField, type RenderedBody } from './body.ts';
import type { BodyShape, Mutation } from './mutations.ts';
import type { Operation } from './operations.ts';
import { isRecord, validValue, type KnownValues } from './schema.ts';
import { joinUrl, mutateQuery, percentEncode, shapePath, urlPiece } from './url.ts';

/** A request ready to send; credentials are added by the runner for the authenticated pass. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A mutation set Authorization, Cookie or X-XSRF-TOKEN on purpose: leave them as they are. */
  ownCredentials: boolean;
}

/** The valid request each variant starts from. */
export interface Baseline {
  params: Record<string, string>;
  query: string[];
  fields: BodyField[];
}

export function baselineFor(operation: Operation, known: KnownValues): Baseline {
  const params: Record<string, string> = {};
  for (const param of operation.pathParams) {
    params[param.name] = param.name === '*' ? 'fuzz' : percentEncode(String(validValue(param.schema, param.name, known)));
  }
  const query = operation.query
    .filter((param) => param.required)
    .map((param) => `${percentEncode(param.name)}=${percentEncode(String(validValue(param.schema, param.name, known)))}`);
  const body = operation.body ? validValue(operation.body.schema, 'body', known) : null;
  const fields: BodyField[] = isRecord(body) ? Object.entries(body).map(([name, valid]): BodyField => [name, { valid }]) : [];
  return { params, query, fields };
}

/** Body properties that are files (`format: binary`, a multipart upload's). */
function binaryFields(operation: Operation): ReadonlySet<string> {
  const properties = operation.body?.schema.properties ?? {};
  return new Set(Object.entries(properties).filter(([, property]) => property.format === 'binary').map(([name]) => name));
}

const fillTemplate = (template: string, params: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '');

/** Applies the mutations to the operation's valid request. */
export function materialize(operation: Operation, baseline: Baseline, mutations: Mutation[]): FuzzRequest {
  let method = operation.method;
  const params = { ...baseline.params };
  let query = [...baseline.query];
  let fields = [...baseline.fields];
  let bodyShape: BodyShape | undefined;
  let pathShape: Extract<Mutation, { kind: 'path' }> | undefined;
  const headers: Record<string, string> = {};
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'method':
        method = mutation.method;
        break;
      case 'param':
        params[mutation.name] = urlPiece(mutation.value);
        break;
      case 'query':
        query = mutateQuery(query, mutation.query);
        break;
      case 'field':
        fields = [...fields.filter(([name]) => name !== mutation.name), [mutation.name, mutation.value]];
        break;
      case 'drop-field':
        fields = fields.filter(([name]) => name !== mutation.name);
        break;
      case 'body':
        bodyShape = mutation.shape;
        break;
      case 'path':
        pathShape = mutation;
        break;
      case 'header':
        headers[mutation.name] = mutation.value;
        break;
    }
  }
  const changedFields = mutations.some((m) => m.kind === 'field' || m.kind === 'drop-field');
  const fileFields = binaryFields(operation);
  const shaped = bodyShape ? shapeBody(bodyShape, operation.body?.contentType ?? null, fields, fileFields) : undefined;
  const body: RenderedBody | undefined =
    shaped ?? (operation.body || changedFields ? renderBody(operation.body?.contentType ?? 'application/json', fields, fileFields) : undefined);
  if (body?.contentType && !('content-type' in headers)) headers['content-type'] = body.contentType;
  let path = fillTemplate(operation.template, params);
  if (pathShape) path = shapePath(path, pathShape.shape, pathShape.at);
  return {
    method,
    url: joinUrl(path, query),
    headers,
    ...(body ? { payload: body.payload } : {}),
    ownCredentials: Object.keys(headers).some((name) => CREDENTIAL_HEADERS.includes(name)),
  };
}
