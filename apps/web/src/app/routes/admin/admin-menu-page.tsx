import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { MenuAdmin } from '../../../features/admin/components/menu-admin.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/menu: the header menu's tree. */
export function AdminMenuPage() {
  useAdminTitle('Menu');
  return (
    <>
      <PageHeading intro="Les rubriques, sous-rubriques et modules du menu d’en-tête des clients. Une page déjà ouverte garde l’ancien menu 5 minutes au plus ; il change au chargement suivant.">
        Menu
      </PageHeading>
      <MenuAdmin />
    </>
  );
}
