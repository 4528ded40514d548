/**
 * A billing account of the bench's own on the scaled database (bench/fleet-scale.ts): a copy of the
 * demo manager's account under BENCH_ACCOUNT, managed by them, with as many active lines as a part
 * needs (bulk actions, the public API), removed after the part so that the kept database stays its size.
 */
import { fillScaled, openApiDatabase, settingsFromEnv } from './fleet-scale.ts';
import { ensurePostgres, login, startApi, type ApiDatabase, type RunningServer } from './servers.ts';

/** The bench's own account and the first id of its lines: far above the seed's. */
export const BENCH_ACCOUNT = 990_000_001;
export const FIRST_LINE = 990_000_000;

const cleanUp = (idClientBscs: number) => `
  delete from bulk_jobs where id_client_bscs = ${idClientBscs};
  delete from api_keys where id_client_bscs = ${idClientBscs};
  delete from contracts where id_client_bscs = ${idClientBscs};
  delete from user_billing_accounts where id_client_bscs = ${idClientBscs};
  delete from billing_accounts where id_client_bscs = ${idClientBscs};`;

/** A copy of the demo manager's account under BENCH_ACCOUNT, managed by them, with `lines` active lines. */
export async function prepareBenchAccount(database: ApiDatabase, lines: number): Promise<void> {
  const handle = openApiDatabase(database);
  try {
    await handle.executeSql(cleanUp(BENCH_ACCOUNT));
    const { rows } = await handle.executeSql(
      `select uba.id_client_bscs, uba.user_id from user_billing_accounts uba join users u on u.id = uba.user_id
        where u.email = 'gestionnaire@demo.test' and uba.is_gestionnaire limit 1`,
    );
    const demo = rows[0] as { id_client_bscs: number; user_id: number } | undefined;
    if (!demo) throw new Error('no demo manager in the scaled database');
    await handle.executeSql(`
      create temp table bench_account as select * from billing_accounts where id_client_bscs = ${demo.id_client_bscs};
      update bench_account set id_client_bscs = ${BENCH_ACCOUNT}, code_client_bscs = 'BENCH-BULK';
      insert into billing_accounts select * from bench_account;
      drop table bench_account;
      insert into user_billing_accounts (user_id, id_client_bscs, is_gestionnaire)
        select ${demo.user_id}, ${BENCH_ACCOUNT}, true;
      insert into contracts (id_contrat, id_client_bscs, numero_ligne, code_statut, id_gamme, id_offre_engagement, date_activation, inscription_annuaire)
        select ${FIRST_LINE} + g, ${BENCH_ACCOUNT}, '07' || lpad(g::text, 8, '0'), 'ACTIF', c.id_gamme, c.id_offre_engagement, c.date_activation, 'LISTE_ROUGE'
          from generate_series(1, ${lines}) g,
               (select * from contracts where id_client_bscs = ${demo.id_client_bscs} and code_statut = 'ACTIF' limit 1) c;`);
    // As autovacuum would soon after such an insert in production: statistics and the visibility
    // map, without which every index-only read of the new lines goes to the table.
    await handle.executeSql('vacuum analyze contracts');
  } finally {
    await handle.close();
  }
}

export async function removeBenchAccount(database: ApiDatabase): Promise<void> {
  const handle = openApiDatabase(database);
  try {
    await handle.executeSql(cleanUp(BENCH_ACCOUNT));
  } finally {
    await handle.close();
  }
}

/** What a part on the bench's account reports: measured, skipped (no PostgreSQL) or failed, and why. */
export interface BenchAccountReport {
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  serverVersion?: string;
}

/**
 * Runs `measure` against a server on the scaled PostgreSQL database (seeded if missing) whose
 * bench account has `lines` lines, signed in as the demo manager; the report says skipped when
 * PostgreSQL is not reachable and failed with the error's message; the server is stopped and the
 * account removed whatever happens.
 */
export async function onBenchAccount(
  report: BenchAccountReport,
  lines: number,
  log: (message: string) => void,
  measure: (server: RunningServer, token: string) => Promise<void>,
): Promise<void> {
  const scale = settingsFromEnv(log);
  const reached = await ensurePostgres(scale.scaledPostgresUrl);
  if ('unreachable' in reached) {
    report.status = 'skipped';
    report.note = `PostgreSQL not reachable (${reached.unreachable})`;
    log(`${report.note}; skipped`);
    return;
  }
  report.serverVersion = reached.version;
  const database: ApiDatabase = { kind: 'postgres', url: scale.scaledPostgresUrl };
  let server: RunningServer | undefined;
  try {
    await fillScaled(database, scale.accounts, {}, log);
    await prepareBenchAccount(database, lines);
    server = await startApi(database, { LOG_LEVEL: 'warn' });
    await measure(server, await login(server.baseUrl));
    report.status = 'measured';
  } catch (error) {
    report.status = 'failed';
    report.note = error instanceof Error ? error.message : String(error);
    log(`FAILED ${report.note}`);
  } finally {
    await server?.child.stop();
    await removeBenchAccount(database).catch((error: unknown) => log(`could not remove the bench account: ${String(error)}`));
  }
}
