import type { AccountLabels, CostCentre, CostCentreBody, CostCentreDeleteQuery, CostCentreList, LineCostAllocation } from '@ecare/shared';
import type { Actor } from '../../core/actor.ts';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { fail } from '../../lib/errors.ts';
import type { CentreRow, CostCentresRepository } from './cost-centres.repository.ts';
import { applyLineCentre, applyLineLabels, type LineRowOutcome, type LineTarget } from './cost-centres.rows.ts';

/** Thrown to roll a dry run's transaction back. */
const DRY_RUN = Symbol('dry run');
import { treeOf } from './cost-centres.tree.ts';

export interface CostCentresDeps extends Pick<ServiceCore, 'policy' | 'audit' | 'transaction' | 'clock'> {
  repo: CostCentresRepository;
}

/** A foreign-key violation (PostgreSQL 23503, PGlite alike): a line took the centre while it was being deleted. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

const asCentre = ({ idCentre, code, libelle, idParent }: CentreRow): CostCentre => ({ idCentre, code, libelle, idParent });

export function createCostCentresService(deps: CostCentresDeps) {
  const { repo, policy, audit, transaction, clock } = deps;

  /** The caller manages the line's account (or is an agent acting for its manager). */
  async function managedLine(userId: number, idContrat: number) {
    const access = await policy.contractAccess(userId, idContrat);
    if (access.role !== 'GESTIONNAIRE') throw fail('COST_CENTRES_MANAGER_ONLY');
    return { idClientBscs: access.idClientBscs, idContrat };
  }

  /** What a rule says of a line, in a transaction rolled back: nothing written (a dry run's check). */
  async function dryRun<T>(rule: (tx: Transaction) => Promise<T>): Promise<T> {
    let outcome: { value: T } | null = null;
    await transaction(async (tx) => {
      outcome = { value: await rule(tx) };
      throw DRY_RUN;
    }).catch((error: unknown) => {
      if (error !== DRY_RUN) throw error;
    });
    if (outcome === null) throw new Error('the dry run gave no outcome');
    return (outcome as { value: T }).value;
  }

  /**
   * A line's centre or labels changed one row at a time, as the line page and each row of a bulk
   * action do: `check` (the caller manages the line's account, which is the one named, and the
   * rule accepts the change, tried without writing) throws the coded refusal; `apply` writes and
   * audits in the caller's transaction and answers what the line had before, which an undo puts back.
   */
  function lineRow<Change, Value>(rule: (tx: Transaction, target: LineTarget, change: Change) => Promise<LineRowOutcome<Value>>, action: 'MODIFICATION_CENTRE_LIGNE' | 'MODIFICATION_ETIQUETTES_LIGNE') {
    return {
      async check(userId: number, idContrat: number, change: Change, idClientBscs: number): Promise<LineTarget> {
        const target = await managedLine(userId, idContrat);
        if (target.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
        const outcome = await dryRun((tx) => rule(tx, target, change));
        if (!outcome.ok) throw fail(outcome.code);
        return target;
      },
      async apply(tx: Transaction, acting: Actor, target: LineTarget, change: Change): Promise<Value> {
        const outcome = await rule(tx, target, change);
        if (!outcome.ok) throw fail(outcome.code);
        if (outcome.modifiee) await audit.record({ ...acting, action, ...target, details: { avant: outcome.avant, apres: outcome.apres } }, { tx });
        return outcome.avant;
      },
    };
  }
  const rows = { centre: lineRow(applyLineCentre, 'MODIFICATION_CENTRE_LIGNE'), labels: lineRow(applyLineLabels, 'MODIFICATION_ETIQUETTES_LIGNE') };

  async function allocation(idContrat: number): Promise<LineCostAllocation> {
    const row = await repo.allocation(idContrat);
    if (!row) throw fail('FORBIDDEN_CONTRACT');
    const centre = row.idCentre !== null && row.code !== null && row.libelle !== null ? { idCentre: row.idCentre, code: row.code, libelle: row.libelle } : null;
    return { idContrat: row.idContrat, centre, etiquettes: row.etiquettes };
  }

  /** The account's tree under lock, and the checks a centre's new place and code must pass in it. */
  async function checkedTree(tx: Transaction, idClientBscs: number, idCentre: number | null, body: CostCentreBody) {
    if (!(await repo.lockTree(tx, idClientBscs))) throw fail('FORBIDDEN_ACCOUNT');
    const rows = await repo.centres(idClientBscs, tx);
    const tree = treeOf(rows);
    if (idCentre !== null && !tree.byId.has(idCentre)) throw fail('COST_CENTRE_UNKNOWN');
    if (body.idParent !== null && !tree.byId.has(body.idParent)) throw fail('COST_CENTRE_PARENT_UNKNOWN');
    const problem = tree.placementProblem(idCentre, body.idParent);
    if (problem) throw fail(problem);
    if (rows.some((row) => row.code === body.code && row.idCentre !== idCentre)) throw fail('COST_CENTRE_CODE_TAKEN');
    return tree;
  }

  /** A unique violation of the code: another request created the same code at the same time. */
  async function codeRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('COST_CENTRE_CODE_TAKEN');
      throw error;
    }
  }

  return {
    async list(userId: number, idClientBscs: number): Promise<CostCentreList> {
      await policy.assertAccount(userId, idClientBscs);
      const [rows, counts] = await Promise.all([repo.centres(idClientBscs), repo.lineCounts(idClientBscs)]);
      return { centres: treeOf(rows).ordered(counts), lignesSansCentre: counts.get(null) ?? 0 };
    },

    async labels(userId: number, idClientBscs: number): Promise<AccountLabels> {
      await policy.assertAccount(userId, idClientBscs);
      return { etiquettes: await repo.labels(idClientBscs) };
    },

    async create(acting: Actor, idClientBscs: number, body: CostCentreBody): Promise<CostCentre> {
      await policy.assertAccount(acting.userId, idClientBscs);
      return codeRace(() =>
        transaction(async (tx) => {
          await checkedTree(tx, idClientBscs, null, body);
          const created = asCentre(await repo.insert(tx, idClientBscs, body, clock.now()));
          await audit.record({ ...acting, action: 'CREATION_CENTRE_COUT', idClientBscs, details: { apres: created } }, { tx });
          return created;
        }),
      );
    },

    /** Renames a centre and moves it (with its sub-centres) under another parent, or to the top. */
    async update(acting: Actor, idClientBscs: number, idCentre: number, body: CostCentreBody): Promise<CostCentre> {
      await policy.assertAccount(acting.userId, idClientBscs);
      return codeRace(() =>
        transaction(async (tx) => {
          const tree = await checkedTree(tx, idClientBscs, idCentre, body);
          const before = tree.byId.get(idCentre);
          const updated = await repo.update(tx, idCentre, body);
          if (!updated || !before) throw fail('COST_CENTRE_UNKNOWN');
          await audit.record({ ...acting, action: 'MODIFICATION_CENTRE_COUT', idClientBscs, details: { avant: asCentre(before), apres: asCentre(updated) } }, { tx });
          return asCentre(updated);
        }),
      );
    },

    /**
     * Deletes a centre without sub-centres. Its lines, if it has any, go to the centre named by
     * `deplacerVers` (or to none with `aucun`); without it, a centre holding lines stays.
     */
    async remove(acting: Actor, idClientBscs: number, idCentre: number, { deplacerVers }: CostCentreDeleteQuery): Promise<{ idCentre: number; lignesDeplacees: number }> {
      await policy.assertAccount(acting.userId, idClientBscs);
      try {
        return await transaction(async (tx) => {
          if (!(await repo.lockTree(tx, idClientBscs))) throw fail('FORBIDDEN_ACCOUNT');
          const tree = treeOf(await repo.centres(idClientBscs, tx));
          const centre = tree.byId.get(idCentre);
          if (!centre) throw fail('COST_CENTRE_UNKNOWN');
          if (tree.subtree(idCentre).length > 1) throw fail('COST_CENTRE_HAS_CHILDREN');
          const target = deplacerVers === undefined || deplacerVers === 'aucun' ? null : deplacerVers;
          if (target === idCentre) throw fail('COST_CENTRE_MOVE_TO_ITSELF');
          if (target !== null && !tree.byId.has(target)) throw fail('COST_CENTRE_UNKNOWN');
          const lines = await repo.linesOf(tx, idCentre);
          if (lines > 0 && deplacerVers === undefined) throw fail('COST_CENTRE_NOT_EMPTY');
          const moved = lines > 0 ? await repo.moveLines(tx, idCentre, target) : 0;
          await repo.remove(tx, idCentre);
          await audit.record(
            { ...acting, action: 'SUPPRESSION_CENTRE_COUT', idClientBscs, details: { avant: asCentre(centre), lignesDeplacees: moved, deplaceesVers: moved > 0 ? target : undefined } },
            { tx },
          );
          return { idCentre, lignesDeplacees: moved };
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw fail('COST_CENTRE_NOT_EMPTY');
        throw error;
      }
    },

    async lineAllocation(userId: number, idContrat: number): Promise<LineCostAllocation> {
      await policy.contractAccess(userId, idContrat);
      return allocation(idContrat);
    },

    async setLineCentre(acting: Actor, idContrat: number, idCentre: number | null): Promise<LineCostAllocation> {
      const target = await managedLine(acting.userId, idContrat);
      await transaction((tx) => rows.centre.apply(tx, acting, target, idCentre));
      return allocation(idContrat);
    },

    async setLineLabels(acting: Actor, idContrat: number, etiquettes: readonly string[]): Promise<LineCostAllocation> {
      const target = await managedLine(acting.userId, idContrat);
      await transaction((tx) => rows.labels.apply(tx, acting, target, { mode: 'REMPLACER', etiquettes }));
      return allocation(idContrat);
    },

    rows,
  };
}
export type CostCentresService = ReturnType<typeof createCostCentresService>;
