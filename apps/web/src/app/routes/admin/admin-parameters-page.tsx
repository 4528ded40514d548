import { OrangeBanner } from '../../../components/layout/orange-banner.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useAdminParameters } from '../../../features/admin/api/get-admin-parameters.ts';
import { ParametersForm } from '../../../features/admin/components/parameters-form.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/parametres: maintenance, captcha, external resources, the two banners. */
export function AdminParametersPage() {
  useAdminTitle('Paramètres du portail');
  const parameters = useAdminParameters();
  return (
    <>
      <PageHeading intro="Ces réglages s’appliquent à tout le portail, pour tous les clients.">Paramètres du portail</PageHeading>
      {parameters.isPending ? <WaitingText>Chargement des paramètres…</WaitingText> : null}
      {parameters.isError ? <ReadFailed error={parameters.error} onRetry={() => void parameters.refetch()} pending={parameters.isFetching} /> : null}
      {parameters.data ? <ParametersForm parameters={parameters.data} renderBanner={(html) => <OrangeBanner html={html} />} /> : null}
    </>
  );
}
