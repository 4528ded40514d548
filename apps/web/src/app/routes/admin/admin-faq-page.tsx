import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { FaqAdmin } from '../../../features/admin/components/faq-admin.tsx';
import { FaqAnswer } from '../../../features/faq/components/faq-answer.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /administration/faq: themes and questions of the FAQ. */
export function AdminFaqPage() {
  useAdminTitle('FAQ');
  return (
    <>
      <PageHeading intro="Les thèmes et les questions de la page « Questions fréquentes ». Les visiteurs voient une modification au plus tard 5 minutes après (copie gardée par leur navigateur).">
        FAQ
      </PageHeading>
      <FaqAdmin renderAnswer={(html) => <div className="px-4 py-3"><FaqAnswer html={html} /></div>} />
    </>
  );
}
