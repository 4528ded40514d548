import {
  apiErrorSchema,
  BULK_CSV_FIELD,
  BULK_CSV_MAX_BYTES,
  bulkAccountParamSchema,
  bulkJobListSchema,
  bulkJobParamSchema,
  bulkJobSchema,
  bulkJobSummarySchema,
  bulkRequestSchema,
  bulkSimulationSchema,
  bulkStartedSchema,
  parseBulkCsv,
  type BulkCsvRow,
  type BulkRequest,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { bodyReadByHandler, invalidBody } from '../../lib/attachments/multipart.ts';
import { sendCsvFile } from '../../lib/download.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { caller } from '../auth/index.ts';
import type { BulkActionsService } from './bulk-actions.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const acting = (request: FastifyRequest) => ({ userId: caller(request).user.id, sourceAddress: request.ip });
const ACCESS = 'Gestionnaires du compte (un agent dans la session d’un gestionnaire, tracé avec son motif).';

/**
 * The app's validation, except for the body, kept as it came: JSON checked by the handler with
 * the shared schema, or a multipart stream it reads (the schema still documents the route).
 */
function bodyCheckedByHandler<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return bodyReadByHandler(route);
}

/** The body as JSON, or as multipart: fields `action`, `parametres` (JSON), `simulation`, and the CSV file of numbers. */
async function readBody(request: FastifyRequest): Promise<{ body: BulkRequest; csv?: BulkCsvRow[] }> {
  if (!request.isMultipart()) {
    const parsed = bulkRequestSchema.safeParse(request.body);
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    return { body: parsed.data };
  }
  const fields: Record<string, string> = {};
  let text: string | null = null;
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: BULK_CSV_MAX_BYTES, fields: 8, fieldSize: 16 * 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== BULK_CSV_FIELD) {
          part.file.resume();
          throw fail('BULK_CSV_INVALID');
        }
        const buffer = await part.toBuffer();
        text = buffer.toString('utf8');
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    // The parser's refusals (limits, a malformed body or boundary) are the file's, never the server's.
    if (error instanceof AppError) throw error;
    throw fail('BULK_CSV_INVALID');
  }
  if (text === null || text.includes('\u0000')) throw fail('BULK_CSV_INVALID');
  const csv = parseBulkCsv(text);
  if (csv.length === 0) throw fail('BULK_CSV_EMPTY');
  let parametres: unknown = {};
  try {
    parametres = fields.parametres ? JSON.parse(fields.parametres) : {};
  } catch {
    throw invalidBody([{ path: ['parametres'], message: 'Les paramètres doivent être un objet JSON.' }]);
  }
  const parsed = bulkRequestSchema.safeParse({
    action: fields.action,
    parametres,
    // The rows come from the file; a placeholder satisfies the schema's rule on `lignes`.
    lignes: [1],
    simulation: fields.simulation === 'true',
  });
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  if (csv.length > 10_000) throw invalidBody([{ path: [BULK_CSV_FIELD], message: 'Une action groupée porte sur 10 000 lignes au plus.' }]);
  return { body: parsed.data, csv };
}

export async function bulkActionsRoutes(app: ModuleApp, service: BulkActionsService) {
  const { authenticate } = app.auth;
  const tags = ['actions-groupees'];

  app.post(
    '/api/clients/:idClientBscs/actions-groupees',
    {
      onRequest: authenticate,
      validatorCompiler: bodyCheckedByHandler,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Une action groupée sur des lignes du compte : simulation (rien n’est changé, chaque ligne OK ou REFUS avec son motif) ou traitement lancé (202)',
        description: `${ACCESS} JSON { action, parametres, lignes: [idContrat…], simulation }, ou multipart/form-data : action, parametres (JSON), simulation, et le fichier CSV \`${BULK_CSV_FIELD}\` des numéros (tout format, en-tête facultatif ; pour UTILISATEUR, puis prénom, nom, e-mail). Chaque ligne passe par les règles et contrôles d’accès de l’action unitaire ; une ligne d’un autre compte est refusée.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: bulkAccountParamSchema,
        body: bulkRequestSchema,
        response: { 200: bulkSimulationSchema, 202: bulkStartedSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { body, csv } = await readBody(request);
      const { idClientBscs } = request.params;
      if (body.simulation) return reply.code(200).send(await service.simulate(acting(request), idClientBscs, body, csv));
      return reply.code(202).send(await service.start(acting(request), idClientBscs, body, csv));
    },
  );

  app.get(
    '/api/clients/:idClientBscs/traitements',
    {
      onRequest: authenticate,
      schema: { tags, summary: `Les traitements (actions groupées) du compte, les plus récents d’abord (50 au plus). ${ACCESS}`, params: bulkAccountParamSchema, response: { 200: bulkJobListSchema, ...errors } },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs),
  );

  app.get(
    '/api/clients/:idClientBscs/traitements/:idTraitement',
    {
      onRequest: authenticate,
      schema: { tags, summary: `Un traitement, son avancement et le résultat de chaque ligne. ${ACCESS}`, params: bulkJobParamSchema, response: { 200: bulkJobSchema, ...errors } },
    },
    async (request) => service.job(caller(request).user.id, request.params.idClientBscs, request.params.idTraitement),
  );

  app.get(
    '/api/clients/:idClientBscs/traitements/:idTraitement/avancement',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: `L’avancement d’un traitement, sans le résultat de chaque ligne : ce que la page relit chaque seconde tant qu’il tourne. ${ACCESS}`,
        params: bulkJobParamSchema,
        response: { 200: bulkJobSummarySchema, ...errors },
      },
    },
    async (request) => service.progress(caller(request).user.id, request.params.idClientBscs, request.params.idTraitement),
  );

  app.get(
    '/api/clients/:idClientBscs/traitements/:idTraitement/export',
    {
      onRequest: authenticate,
      schema: { tags, summary: `Le résultat de chaque ligne d’un traitement, en CSV. ${ACCESS}`, params: bulkJobParamSchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => sendCsvFile(reply, await service.resultsCsv(caller(request).user.id, request.params.idClientBscs, request.params.idTraitement)),
  );

  app.post(
    '/api/clients/:idClientBscs/traitements/:idTraitement/annulation',
    {
      onRequest: authenticate,
      schema: { tags, summary: `Arrête un traitement : les lignes pas encore faites ne le seront pas. ${ACCESS} Tracé.`, params: bulkJobParamSchema, response: { 200: bulkJobSchema, ...errors } },
    },
    async (request) => service.cancel(acting(request), request.params.idClientBscs, request.params.idTraitement),
  );

  app.post(
    '/api/clients/:idClientBscs/traitements/:idTraitement/retour-arriere',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: `Défait un traitement terminé depuis moins de 15 minutes : chaque ligne faite retrouve sa valeur d’avant, par les mêmes règles. ${ACCESS} Tracé.`,
        params: bulkJobParamSchema,
        response: { 200: bulkJobSchema, ...errors },
      },
    },
    async (request) => service.undo(acting(request), request.params.idClientBscs, request.params.idTraitement),
  );
}
