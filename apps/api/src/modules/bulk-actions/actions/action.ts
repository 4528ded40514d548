import type { BulkAction } from '@ecare/shared';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { CostCentresModule } from '../../cost-centres/index.ts';
import type { LinesModule } from '../../lines/index.ts';
import type { TariffChangeModule } from '../../tariff-change/index.ts';
import type { UsageAlertsModule } from '../../usage-alerts/index.ts';

/** The single actions' per-row functions a bulk action calls, from the modules that own them. */
export interface RowServices {
  lines: LinesModule;
  usageAlerts: UsageAlertsModule;
  costCentres: CostCentresModule;
  tariffChange: TariffChangeModule;
}

/** One row as an action sees it: the line, on the job's account. */
export interface BulkRow {
  idContrat: number;
  idClientBscs: number;
}

/**
 * A bulk action: one entry of the registry (actions/index.ts), built on the per-row functions of
 * its single action so that each row goes through the very same rules. `Params` are the action's
 * `parametres` (shared BULK_ACTION_DEFINITIONS), `Values` a row's own values (null when the
 * action takes none), `Checked` what `check` hands to `apply`.
 */
export interface BulkActionHandler<Params, Values, Checked> {
  action: BulkAction;
  /** The single action's checks on the row (access, role, the line's state): throws its coded error when refused. */
  check(services: RowServices, userId: number, row: BulkRow, params: Params, values: Values): Promise<Checked>;
  /** The single action's write and audit entry, in the chunk's transaction; returns what the line had before (JSON). */
  apply(services: RowServices, tx: Transaction, actor: Actor, checked: Checked, params: Params, values: Values): Promise<unknown>;
  /** The parameters and values that put back what `apply` returned; absent when the action cannot be undone. */
  undo?: (avant: unknown) => { params: Params; values: Values };
  /**
   * An undo that is another single action rather than this one again (a scheduled change is
   * cancelled, not changed back): its checks on what `apply` returned, then its write and audit.
   */
  revert?: {
    check(services: RowServices, userId: number, row: BulkRow, avant: unknown): Promise<unknown>;
    apply(services: RowServices, tx: Transaction, actor: Actor, checked: unknown): Promise<void>;
  };
  /** What a row done (or that would be) says, e.g. the date it takes effect; none when absent. */
  note?: (checked: Checked) => string;
  /**
   * When the single action confirms each change by e-mail: the job's end is e-mailed whatever its
   * size (one message rather than one per line), with this paragraph.
   */
  endMail?: string;
}

/** Any action, as the service handles them (params and values checked with the shared schemas first). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds actions of every parameter type
export type AnyBulkAction = BulkActionHandler<any, any, any>;

/** Declares an action with its types inferred from the shared schemas. */
export function bulkAction<ParamsSchema extends z.ZodType, ValuesSchema extends z.ZodType | null, Checked>(
  _schemas: { parametres: ParamsSchema; valeurs: ValuesSchema },
  handler: BulkActionHandler<z.output<ParamsSchema>, ValuesSchema extends z.ZodType ? z.output<ValuesSchema> : null, Checked>,
) {
  return handler;
}
