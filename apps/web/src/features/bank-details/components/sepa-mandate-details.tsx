import type { SepaMandate } from '@ecare/shared/bank-details';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { sepaMandatePdfPath } from '../api/get-sepa-mandate.ts';
import { formatDay, MANDATE_TYPE_LABELS } from '../utils/bank-details-labels.ts';
import { MaskedIban } from './masked-iban.tsx';

interface SepaMandateDetailsProps {
  idClientBscs: number;
  /** The mandate in force; null when the account has none. */
  mandate: SepaMandate | null;
}

/** The mandate in force, its PDF, and the debtor's rights (spec §9: 13 months to contest). */
export function SepaMandateDetails({ idClientBscs, mandate }: SepaMandateDetailsProps) {
  if (!mandate) {
    return (
      <p>
        Aucun mandat de prélèvement SEPA n’est en vigueur pour ce compte. Choisissez le prélèvement comme mode de paiement des
        factures pour en établir un.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Statut</dt>
        <dd>{mandate.statut === 'ACTIF' ? 'En vigueur' : 'Révoqué'}</dd>
        <dt className="font-semibold">Référence unique du mandat (RUM)</dt>
        <dd className="break-all font-mono">{mandate.rum}</dd>
        <dt className="font-semibold">Type</dt>
        <dd>{`${MANDATE_TYPE_LABELS[mandate.type]}, paiement récurrent`}</dd>
        <dt className="font-semibold">Signé le</dt>
        <dd>{`${formatDay(mandate.dateSignature)} à ${mandate.lieuSignature}`}</dd>
        <dt className="font-semibold">Compte débité</dt>
        <dd>
          <MaskedIban iban={mandate.iban} /> <span className="font-mono">({mandate.bic})</span>
        </dd>
        <dt className="font-semibold">Créancier</dt>
        <dd>{`${mandate.creancier.nom}, identifiant créancier SEPA ${mandate.creancier.ics}`}</dd>
      </dl>
      <DownloadButton label="Télécharger le mandat (PDF)" path={sepaMandatePdfPath(idClientBscs)} fallbackName={`mandat-sepa-${mandate.rum}.pdf`} />
      {mandate.type === 'B2B' ? (
        <p className="text-sm text-muted">
          Transmettez ce mandat à votre banque avant le premier prélèvement : pour un prélèvement interentreprises, elle vérifie chaque
          débit au regard du mandat. Un prélèvement interentreprises autorisé ne peut pas être remboursé.
        </p>
      ) : (
        <p className="text-sm text-muted">
          Vous pouvez demander à votre banque le remboursement d’un prélèvement autorisé dans les 8 semaines suivant le débit.
        </p>
      )}
      <p className="text-sm text-muted">
        Vous disposez de 13 mois à compter de la date de débit de votre compte pour contester auprès de votre banque un prélèvement que
        vous n’avez pas autorisé.
      </p>
    </div>
  );
}
