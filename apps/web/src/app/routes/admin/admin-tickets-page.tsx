import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { TicketsAdmin } from '../../../features/admin/components/tickets-admin.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/demandes: the contact form's tickets and their statuses. */
export function AdminTicketsPage() {
  useAdminTitle('Demandes');
  return (
    <>
      <PageHeading intro="Les messages du formulaire de contact. Un changement de statut est visible aussitôt par le client dans son espace et lui est annoncé par e-mail.">
        Demandes
      </PageHeading>
      <TicketsAdmin />
    </>
  );
}
