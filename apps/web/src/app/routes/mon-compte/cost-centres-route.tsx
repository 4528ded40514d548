import { CostCentresManager } from '../../../features/cost-centres/components/cost-centres-manager.tsx';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as costCentresLoader } from './account-loader.ts';

/** /mon-compte/centres-de-cout: the account's cost centres, managed by its managers (decision 048). */
export function CostCentresRoute() {
  return (
    <AccountPage title="Centres de coût" managersOnly="Les centres de coût du compte sont gérés par ses gestionnaires." className="max-w-5xl">
      {(account) => <CostCentresManager idClientBscs={account.idClientBscs} />}
    </AccountPage>
  );
}
