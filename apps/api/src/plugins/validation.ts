import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// zod words its issues in French from here on (`issues[].message` of a VALIDATION answer). It
// is read when an issue is raised, so setting it before the first request is enough; importing
// this module from app.ts does it before any route can validate.
z.config(z.locales.fr());

/**
 * C0 control characters other than tab, line feed and carriage return. U+0000 is refused by
 * PostgreSQL in text (a 500 there, and worse in the embedded database); the others have no use
 * in the portal's fields (names, addresses, e-mails, searches, codes) and only serve to garble
 * logs, exports and e-mail headers.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Caractère de contrôle non autorisé (comme le caractère nul U+0000).';

/** Same marker fastify-type-provider-zod puts on its issues, so the error handler treats both alike. */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

type Path = (string | number)[];

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
}

const pathOf = (visit: Visit): Path => {
  const path: Path = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of the first string (or object key) holding a control character, or null. One pass,
 * iterative (a deeply nested body cannot exhaust the stack), paths built only for the culprit.
 */
export function findControlCharacter(value: unknown): Path | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? [] : null;
  const pending: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) pending.push({ value: current[index], key: index, parent: visit });
    } else if (current !== null && typeof current === 'object' && !(current instanceof Date)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (CONTROL_CHARACTER.test(key)) return [...pathOf(visit), key];
        pending.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return null;
}

function controlCharacterIssue(path: Path): FastifySchemaValidationError {
  return Object.assign(
    {
      keyword: 'custom',
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/custom`,
      message: CONTROL_CHARACTER_MESSAGE,
      params: {},
    },
    { [ZOD_ISSUE]: true },
  );
}

/**
 * fastify-type-provider-zod's validator, then one look for control characters: in params,
 * querystring and body at everything the client sent (a field the schema would drop is refused
 * too, like a NUL a key smuggles), in headers at the ones the schema declares (the others, such
 * as User-Agent, are no input of the route). A hit is refused like any other invalid input
 * (400 VALIDATION naming the field), on every route, before a handler or the database sees it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const declaredOnly = route.httpPart === 'headers';
  return (data) => {
    const result = validate(data);
    // The zod validator answers synchronously with { value } or { error }.
    if (typeof result !== 'object' || 'then' in result || result.error || !('value' in result)) return result;
    const path = findControlCharacter(declaredOnly ? result.value : data);
    return path ? { error: [controlCharacterIssue(path)] } : result;
  };
};

/** A percent-encoded C0 control other than %09, %0A, %0D, anywhere in a URL. */
const ENCODED_CONTROL_CHARACTER = /%(0[0-8bcef]|1[0-9a-f])/i;

/**
 * The same refusal for the rest of the URL: a control character in a query parameter no schema
 * declares, or in the path of a route without a schema, is refused rather than ignored, so no
 * spelling of a URL carries one into a handler or a redirect. It runs after validation, which
 * names the field when the schema declares it; one regular-expression test of the raw URL.
 */
export function registerUrlControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (!ENCODED_CONTROL_CHARACTER.test(request.url)) return done();
    // Shaped like a schema validation failure, so the error handler answers VALIDATION with its issue.
    const error = Object.assign(new Error(CONTROL_CHARACTER_MESSAGE), {
      statusCode: 400,
      validation: [{ ...controlCharacterIssue([]), instancePath: '' }],
      validationContext: 'url',
    });
    done(error);
  });
}

/**
 * A JSON escape of a C0 control other than \t, \n, \r (`\u0000`…), that is, preceded by an odd
 * number of backslashes (`\\u0000` is a backslash and the text "u0000").
 */
const ESCAPED_CONTROL_CHARACTER = /(?<!\\)(?:\\\\)*\\u00(?:0[0-8bcef]|1[0-9a-f])/i;

/**
 * The same refusal for a JSON body's text: the validator sees the body once parsed, and a value
 * the parse drops never reaches it (the first of two identical keys: `{"a":"\u0000","a":"x"}`),
 * nor does a body on a route without a body schema. Fastify's own JSON parser (same protections
 * against prototype poisoning) runs first; the refusal names the field when the value is kept.
 */
export function registerJsonControlCharacterGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, payload, done) => {
    // parseAs 'string': the payload is text.
    const body = String(payload);
    parseJson(request, body, (error, value: unknown) => {
      if (error || !ESCAPED_CONTROL_CHARACTER.test(body)) {
        done(error, value);
        return;
      }
      const path = findControlCharacter(value);
      const issue = path?.length ? controlCharacterIssue(path) : { ...controlCharacterIssue([]), instancePath: '' };
      done(Object.assign(new Error(CONTROL_CHARACTER_MESSAGE), { statusCode: 400, validation: [issue], validationContext: 'body' }), undefined);
    });
  });
}
