import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PATHS } from '../../../lib/routes.ts';
import type { UnpaidNotice } from '../utils/run-unpaid-gate.ts';

const TEXT_ID = 'impayes-message';

const TITLES: Record<UnpaidNotice['kind'], string> = {
  arret: 'Factures impayées',
  administration: 'Démarche réservée au service client',
  erreur: 'Vérification impossible',
};

const ADMINISTRATION_TEXT =
  'Avec un compte d’administration du portail, cette démarche n’est ouverte qu’aux conseillers du service client, hors mode boutique.';

interface UnpaidDialogProps {
  notice: UnpaidNotice;
  onClose: () => void;
}

/**
 * The unpaid-balance modal (spec §2, §4): the check's message and a link to pay. An alert
 * dialog: it opens on a click that expected a page, and says why none came.
 */
export function UnpaidDialog({ notice, onClose }: UnpaidDialogProps) {
  const text = notice.kind === 'administration' ? ADMINISTRATION_TEXT : notice.message;
  return (
    <Dialog
      role="alertdialog"
      title={TITLES[notice.kind]}
      describedBy={TEXT_ID}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      actions={
        <>
          {notice.kind === 'arret' ? (
            <Link to={PATHS.accountPayment} className="btn-primary" onClick={onClose}>
              Payer mes factures
            </Link>
          ) : null}
          <button type="button" className={notice.kind === 'arret' ? 'btn-secondary' : 'btn-primary'} onClick={onClose}>
            Fermer
          </button>
        </>
      }
    >
      <p id={TEXT_ID}>{text}</p>
    </Dialog>
  );
}
