import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ComplaintsAdmin } from '../../../features/admin/components/complaints-admin.tsx';
import { TicketsAdmin } from '../../../features/admin/components/tickets-admin.tsx';
import { useAdminTitle } from './admin-title.ts';

const KINDS = { CONTACT: 'Messages du formulaire de contact (SUP-…)', RECLAMATION: 'Réclamations sur facture (REC-…)' } as const;
type Kind = keyof typeof KINDS;

/**
 * /administration/demandes[?type=RECLAMATION]: the customers' requests and their statuses, one
 * kind at a time: the contact form's messages, and the invoice complaints (decision 030).
 */
export function AdminTicketsPage() {
  useAdminTitle('Demandes');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('type') === 'RECLAMATION' ? 'RECLAMATION' : 'CONTACT';
  return (
    <>
      <PageHeading intro="Les messages du formulaire de contact et les réclamations sur facture. Un changement de statut est visible aussitôt par le client dans son espace et lui est annoncé par e-mail.">
        Demandes
      </PageHeading>
      <div className="mb-6">
        <label htmlFor={id} className="field-label">
          Type de demande
        </label>
        <select id={id} className="field-input w-full sm:w-96" value={kind} onChange={(event) => setParams(event.target.value === 'RECLAMATION' ? { type: 'RECLAMATION' } : {})}>
          {(Object.keys(KINDS) as Kind[]).map((value) => (
            <option key={value} value={value}>
              {KINDS[value]}
            </option>
          ))}
        </select>
      </div>
      {kind === 'RECLAMATION' ? <ComplaintsAdmin /> : <TicketsAdmin />}
    </>
  );
}
