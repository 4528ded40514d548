import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ContactThemesAdmin } from '../../../features/admin/components/contact-themes-admin.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/contact: the contact form's themes and sub-themes. */
export function AdminContactPage() {
  useAdminTitle('Thèmes de contact');
  return (
    <>
      <PageHeading intro="Les thèmes et sous-thèmes du formulaire de contact. Les demandes déjà envoyées gardent les libellés de leur envoi. Les visiteurs voient une modification au plus tard 5 minutes après (copie gardée par leur navigateur).">
        Thèmes de contact
      </PageHeading>
      <ContactThemesAdmin />
    </>
  );
}
