import { centreChoices, type CostCentreEntry } from '@ecare/shared/cost-centres';

/**
 * The centres offered to new lines, in the tree's reading order (each under its parent, as the
 * account's list gives them), named as every centre choice names them, and whether the company
 * requires one.
 */
export function centreChoice(centres: readonly CostCentreEntry[] | undefined, required: boolean) {
  return { options: centreChoices(centres ?? []), required };
}
