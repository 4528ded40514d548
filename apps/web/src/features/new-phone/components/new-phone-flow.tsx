import type { NewPhoneOrder } from '@ecare/shared/new-phone';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ReadFailed } from '../../../components/ui/query-states.tsx';
import { PATHS } from '../../../lib/routes.ts';
import { useEligibility } from '../api/get-eligibility.ts';
import { usePhonesForLine } from '../api/get-phones-for-line.ts';
import { Confirmation } from './new-phone-confirmation.tsx';
import { LineSummary } from './new-phone-line-summary.tsx';
import { LineSummaryPlaceholder, PhoneListPlaceholder } from './new-phone-placeholders.tsx';
import { OrderForm } from './new-phone-order-form.tsx';

interface NewPhoneFlowProps {
  idContrat: number;
  linePath: string;
  /** The account's address as one line, for the delivery choice. */
  accountAddress: string;
  /** The unpaid-balance dialog (spec §2): shown when the check stops the journey. */
  renderUnpaidDialog: (message: string, onClose: () => void) => ReactNode;
}

/**
 * A line's new phone (decision 039): the line and its eligibility (unpaid balance first), the
 * phone and colour at the price the line pays, delivery and payment, a recap with totals, then
 * the order: by transfer its instructions, by card the payment provider's page.
 */
export function NewPhoneFlow({ idContrat, linePath, accountAddress, renderUnpaidDialog }: NewPhoneFlowProps) {
  const eligibility = useEligibility(idContrat);
  const phones = usePhonesForLine(idContrat, eligibility.data?.eligible === true);
  const [ordered, setOrdered] = useState<{ order: NewPhoneOrder; collectAt: string | null } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(true);

  if (ordered) return <Confirmation order={ordered.order} collectAt={ordered.collectAt} linePath={linePath} />;
  if (eligibility.error) return <ReadFailed error={eligibility.error} onRetry={() => void eligibility.refetch()} pending={eligibility.isFetching} />;
  if (eligibility.isPending)
    return (
      <div className="space-y-8">
        <LineSummaryPlaceholder />
        <PhoneListPlaceholder />
      </div>
    );
  const data = eligibility.data;
  return (
    <div className="space-y-8">
      <LineSummary eligibility={data} />
      {data.eligible ? null : (
        <>
          <Alert tone={data.motif === 'IMPAYES' ? 'error' : 'info'} title="Cette ligne ne peut pas commander de nouveau téléphone pour le moment">
            <p>{data.message}</p>
            {data.motif === 'IMPAYES' ? (
              <Link to={PATHS.accountPayment} className="link">
                Payer mes factures
              </Link>
            ) : data.commandeEnCours ? (
              <Link to={`${PATHS.accountOrders}/${data.commandeEnCours}`} className="link">
                Voir la commande {data.commandeEnCours}
              </Link>
            ) : (
              <Link to={linePath} className="link">
                Retour à la ligne
              </Link>
            )}
          </Alert>
          {data.motif === 'IMPAYES' && dialogOpen ? renderUnpaidDialog(data.message, () => setDialogOpen(false)) : null}
        </>
      )}
      {!data.eligible ? null : phones.error ? (
        <ReadFailed error={phones.error} onRetry={() => void phones.refetch()} pending={phones.isFetching} />
      ) : phones.isPending ? (
        <PhoneListPlaceholder />
      ) : (
        <OrderForm idContrat={idContrat} eligibility={data} phones={phones.data.mobiles} accountAddress={accountAddress} onOrdered={(order, collectAt) => setOrdered({ order, collectAt })} />
      )}
    </div>
  );
}
