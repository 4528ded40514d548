import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type Schema = Parameters<typeof fastJson>[0];
type Serialize = (data: unknown) => string;

/**
 * Serializers already compiled, by schema: the shared response schemas are one object each for
 * the process, so an app built again in the same process (the API tests build one per file, and
 * some files several) reuses them instead of compiling its few hundred routes' answers again
 * (most of an app's build time). A serializer holds no state of its app.
 */
const compiled = new WeakMap<object, Serialize>();

/**
 * Response serializer: each route's zod response schema becomes a JSON Schema compiled by
 * fast-json-stringify, which writes only the declared fields. Re-validating every answer with
 * zod on the way out cost about a quarter of the throughput of a one-query endpoint.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const known = compiled.get(schema);
  if (known) return known;
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Schema;
  const serialize: Serialize = fastJson(jsonSchema);
  compiled.set(schema, serialize);
  return serialize;
};
