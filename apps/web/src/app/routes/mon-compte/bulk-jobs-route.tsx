import type { BulkAction } from '@ecare/shared/bulk-actions';
import { centreChoices } from '@ecare/shared/cost-centres';
import { tariffTargetChoices } from '@ecare/shared/tariff-change';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useBulkJobs } from '../../../features/bulk-actions/api/get-bulk-jobs.ts';
import { BulkActionForm } from '../../../features/bulk-actions/components/bulk-action-form.tsx';
import { BulkJobsTable } from '../../../features/bulk-actions/components/bulk-jobs-table.tsx';
import { useCostCentres } from '../../../features/cost-centres/api/get-cost-centres.ts';
import { useAccountTariffTargets } from '../../../features/tariff-change/api/get-account-tariff-targets.ts';
import { PATHS } from '../../../lib/routes.ts';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as bulkJobsLoader } from './account-loader.ts';

const jobPath = (idTraitement: number) => `${PATHS.accountBulkJobs}/${idTraitement}`;

/** The lines the fleet list's selection sent here (router state), if any. */
function selectedLines(state: unknown): number[] | null {
  const lignes = (state as { lignes?: unknown } | null)?.lignes;
  return Array.isArray(lignes) && lignes.length > 0 && lignes.every((id) => Number.isInteger(id)) ? (lignes as number[]) : null;
}

/** The new action's form, with the account's cost centres for the centre action and its lines' target plans for the plan change. */
export function NewBulkAction({ idClientBscs, lignes }: { idClientBscs: number; lignes: number[] | null }) {
  const centres = useCostCentres(idClientBscs);
  // Read once the plan change is chosen: the other actions need no plan.
  const [planChange, setPlanChange] = useState(false);
  const plans = useAccountTariffTargets(idClientBscs, planChange);
  const onActionChange = useCallback((action: BulkAction) => {
    if (action === 'CHANGEMENT_OFFRE') setPlanChange(true);
  }, []);
  return (
    <BulkActionForm
      idClientBscs={idClientBscs}
      lignes={lignes}
      jobPath={jobPath}
      centres={centreChoices(centres.data?.centres ?? [])}
      offres={tariffTargetChoices(plans.data?.offres ?? [])}
      onActionChange={onActionChange}
    />
  );
}

function Jobs({ idClientBscs }: { idClientBscs: number }) {
  const jobs = useBulkJobs(idClientBscs);
  return (
    <section aria-labelledby="traitements" className="space-y-4">
      <h2 id="traitements" className="text-xl font-bold text-primary-strong">
        Traitements
      </h2>
      {jobs.isPending ? <WaitingText>Lecture des traitements…</WaitingText> : null}
      {jobs.isError ? <ReadFailed error={jobs.error} onRetry={() => void jobs.refetch()} pending={jobs.isFetching} /> : null}
      {jobs.data ? <BulkJobsTable jobs={jobs.data.traitements} jobPath={jobPath} /> : null}
    </section>
  );
}

/** /mon-compte/traitements: a new bulk action (the fleet list's selection, or a CSV of numbers) and the account's jobs (decision 050). */
export function BulkJobsRoute() {
  const lignes = selectedLines(useLocation().state);
  return (
    <AccountPage title="Actions groupées" managersOnly="Les actions groupées sont lancées par les gestionnaires du compte." className="max-w-6xl space-y-8">
      {(account) => (
        <>
          <section aria-labelledby="nouvelle-action" className="card space-y-4">
            <h2 id="nouvelle-action" className="text-xl font-bold text-primary-strong">
              Nouvelle action groupée
            </h2>
            <NewBulkAction idClientBscs={account.idClientBscs} lignes={lignes} />
          </section>
          <Jobs idClientBscs={account.idClientBscs} />
        </>
      )}
    </AccountPage>
  );
}
