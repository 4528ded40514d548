import { and, eq, inArray } from 'drizzle-orm';
import { bulkJobSchema, bulkStartedSchema, type BulkJob } from '@ecare/shared';
import type { JobHandler, JobRunner } from '../../core/jobs.ts';
import { auditLog } from '../../db/schema.ts';
import { bodyOf, type TestContext } from '../harness.ts';
import { multipartBody } from '../multipart.ts';

/** The bulk-action endpoints of an account. */
export const bulkPaths = (idClientBscs: number) => ({
  start: `/api/clients/${idClientBscs}/actions-groupees`,
  list: `/api/clients/${idClientBscs}/traitements`,
  job: (id: number) => `/api/clients/${idClientBscs}/traitements/${id}`,
});

/** Starts a job (JSON body) and returns its id, the request's answer being 202. */
export async function startJob(t: TestContext, token: string, idClientBscs: number, body: object): Promise<number> {
  const response = await t.send('POST', bulkPaths(idClientBscs).start, { token, json: body });
  if (response.statusCode !== 202) throw new Error(`bulk job not started: ${response.statusCode} ${response.body}`);
  return bodyOf(response, bulkStartedSchema).idTraitement;
}

export async function jobOf(t: TestContext, token: string, idClientBscs: number, id: number): Promise<BulkJob> {
  return bodyOf(await t.get(bulkPaths(idClientBscs).job(id), token), bulkJobSchema);
}

/** A POST of a CSV file (multipart) with the action's fields. */
export function postCsv(t: TestContext, token: string, idClientBscs: number, fields: { action: string; parametres?: object; simulation?: boolean }, csv: string) {
  const { payload, contentType } = multipartBody([
    { name: 'action', value: fields.action },
    { name: 'parametres', value: JSON.stringify(fields.parametres ?? {}) },
    { name: 'simulation', value: String(fields.simulation ?? false) },
    { name: 'fichier', filename: 'lignes.csv', type: 'text/csv', content: Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: bulkPaths(idClientBscs).start,
    remoteAddress: '198.51.100.77',
    cookies: { 'XSRF-TOKEN': 'test-xsrf-token-value' },
    headers: { 'x-xsrf-token': 'test-xsrf-token-value', authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

/** How many audit entries of `action` each of the lines has. */
export async function auditCounts(t: TestContext, action: string, idContrats: readonly number[]): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ idContrat: auditLog.idContrat })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.idContrat, [...idContrats])));
  const counts = new Map(idContrats.map((id) => [id, 0]));
  for (const row of rows) if (row.idContrat !== null) counts.set(row.idContrat, (counts.get(row.idContrat) ?? 0) + 1);
  return counts;
}

/**
 * A job queue that keeps what is sent until the test runs it (`runQueued`), with the handler of
 * the instance that registered last: as a queue would, it hands a job left by a stopped instance
 * to the one that is running.
 */
export function heldJobs(): JobRunner & { queued: { queue: string; data: object }[]; runQueued(): Promise<void>; runNext(): Promise<void> } {
  const handlers = new Map<string, JobHandler<object>>();
  const queued: { queue: string; data: object }[] = [];
  return {
    queued,
    async start() {},
    async stop() {},
    async work(queue, handler) {
      handlers.set(queue, handler as JobHandler<object>);
    },
    async workBatch(queue, handler) {
      handlers.set(queue, (data) => handler([data as never]));
    },
    async send(queue, data, { tx } = {}) {
      if (tx) tx.afterCommit(async () => void queued.push({ queue, data }));
      else queued.push({ queue, data });
    },
    async schedule() {},
    async unschedule() {},
    async runQueued() {
      while (queued.length > 0) await this.runNext();
    },
    /** The first job waiting, handed to its worker. */
    async runNext() {
      const job = queued.shift();
      if (!job) throw new Error('no job waiting');
      const handler = handlers.get(job.queue);
      if (!handler) throw new Error(`no worker for ${job.queue}`);
      await handler(job.data);
    },
  };
}
