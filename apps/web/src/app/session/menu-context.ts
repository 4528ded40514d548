import type { BillingAccount } from '@ecare/shared/accounts';
import type { Line } from '@ecare/shared/lines';
import type { MenuParams } from '@ecare/shared/menu';
import { menuParams } from '../../features/menu/utils/menu-params.ts';

/** Menu path segments for the current account and line ('aucun' for what is not chosen). */
export function menuParamsFor(account: BillingAccount | null, line: Line | null): MenuParams {
  return menuParams({
    accountStatus: account?.statut,
    lineStatus: line?.codeStatut,
    lineGamme: line?.id_Gamme,
    fixedLineStatus: account?.statutContratFixe,
  });
}
