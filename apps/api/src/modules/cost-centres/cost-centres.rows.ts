import { normalizeLabels, type ApiErrorCode, type LineLabelsProblem } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import { centreForShare, lockLine, writeLineCentre, writeLineLabels, type LockedLine } from './cost-centres.repository.ts';

/*
 * The rules of one line's centre and labels, applied in a transaction the caller holds: the
 * line page's writes use them, and so may a job working through a selection of lines, one row
 * at a time. They check what concerns the line (it is of the account, not terminated, the
 * centre is of the same account, the labels are well-formed); whether the caller may act on the
 * account (a manager, or an agent for them) and the audit entry are the caller's.
 */

/** Why a row was refused: a code of the error catalogue, whose French message says it. */
export type LineRowRefusal = Extract<ApiErrorCode, 'FORBIDDEN_CONTRACT' | 'LINE_TERMINATED' | 'COST_CENTRE_UNKNOWN' | LineLabelsProblem>;

export type LineRowOutcome<T> = { ok: true; avant: T; apres: T; modifiee: boolean } | { ok: false; code: LineRowRefusal };

/** The line to change, named with the account the caller acts on. */
export interface LineTarget {
  idClientBscs: number;
  idContrat: number;
}

/** How a list of labels changes a line's: replaces them, or is added to or taken from them. */
export type LabelsChange = { mode: 'REMPLACER' | 'AJOUTER' | 'RETIRER'; etiquettes: readonly string[] };

async function lockedLineOf(tx: Transaction, target: LineTarget): Promise<{ refusal: LineRowRefusal } | { line: LockedLine }> {
  const line = await lockLine(tx, target.idContrat);
  if (!line || line.idClientBscs !== target.idClientBscs) return { refusal: 'FORBIDDEN_CONTRACT' };
  if (line.codeStatut === 'RESILIE') return { refusal: 'LINE_TERMINATED' };
  return { line };
}

/**
 * Puts the line in centre `idCentre` (null: in none). Refused when the line is not of the
 * account or is terminated, or the centre is not of the account; the centre is kept from
 * deletion until the transaction ends.
 */
export async function applyLineCentre(tx: Transaction, target: LineTarget, idCentre: number | null): Promise<LineRowOutcome<number | null>> {
  const locked = await lockedLineOf(tx, target);
  if ('refusal' in locked) return { ok: false, code: locked.refusal };
  const { line } = locked;
  if (idCentre !== null && !(await centreForShare(tx, target.idClientBscs, idCentre))) return { ok: false, code: 'COST_CENTRE_UNKNOWN' };
  if (line.idCentre === idCentre) return { ok: true, avant: line.idCentre, apres: idCentre, modifiee: false };
  await writeLineCentre(tx, line.idContrat, idCentre);
  return { ok: true, avant: line.idCentre, apres: idCentre, modifiee: true };
}

const sameLabel = (a: string, b: string) => a.toLocaleLowerCase('fr-FR') === b.toLocaleLowerCase('fr-FR');

/**
 * Changes the line's labels (normalizeLabels' rules: trimmed, no duplicates whatever the case,
 * LINE_LABELS_MAX of LINE_LABEL_LENGTH_MAX characters at most). Refused, with the rule broken,
 * when the result would break one, or the line is not of the account or is terminated.
 */
export async function applyLineLabels(tx: Transaction, target: LineTarget, change: LabelsChange): Promise<LineRowOutcome<string[]>> {
  const given = normalizeLabels(change.etiquettes);
  if (!given.ok) return { ok: false, code: given.code };
  const locked = await lockedLineOf(tx, target);
  if ('refusal' in locked) return { ok: false, code: locked.refusal };
  const before = locked.line.etiquettes;
  const wanted =
    change.mode === 'REMPLACER'
      ? given.etiquettes
      : change.mode === 'AJOUTER'
        ? [...before, ...given.etiquettes]
        : before.filter((label) => !given.etiquettes.some((removed) => sameLabel(label, removed)));
  const result = normalizeLabels(wanted);
  if (!result.ok) return { ok: false, code: result.code };
  const after = result.etiquettes;
  const modifiee = after.length !== before.length || after.some((label, i) => label !== before[i]);
  if (modifiee) await writeLineLabels(tx, locked.line.idContrat, after);
  return { ok: true, avant: before, apres: after, modifiee };
}
