import type { LineDetail, LineUserEntry } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { DIRECTORY_LISTING_LABELS } from '../utils/line-format.ts';
import { LineBarringsSection } from './line-barrings-section.tsx';
import { LineDetails } from './line-details.tsx';
import { LineUserSection } from './line-user-section.tsx';
import { LossTheftForm, type LossTheftReason } from './loss-theft-form.tsx';
import { PukAction } from './puk-action.tsx';
import { RestoreLineAction } from './restore-line-action.tsx';
import { RioAction } from './rio-action.tsx';
import { SimActivationForm } from './sim-activation-form.tsx';

export interface PageLink {
  to: string;
  label: string;
}

interface LineOverviewProps {
  line: LineDetail;
  /**
   * Where a manager goes for a replacement SIM after a loss or theft; null for a line user, who
   * leaves that to the account's manager.
   */
  replacementSim: PageLink | null;
}

/** Actions on the line's user and its restrictions, offered in their own sections rather than among the line's. */
const OWN_SECTION_ACTIONS: ReadonlySet<LineDetail['actions'][number]> = new Set(['UTILISATEUR', 'ANNUAIRE', 'BARRAGE']);

interface Notice {
  /** Each notice is new, even with the same words: it takes the focus again. */
  id: number;
  content: ReactNode;
}

/**
 * The line page's content: the outcome of the last change (announced, and focused because the
 * form that made it may have gone), the line's details and the actions the server allows.
 */
export function LineOverview({ line, replacementSim }: LineOverviewProps) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const can = (action: LineDetail['actions'][number]) => line.actions.includes(action);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const announce = (content: ReactNode) => setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, content }));

  const declared = (updated: LineDetail, motif: LossTheftReason) =>
    announce(
      <>
        <p className="font-semibold">
          Votre déclaration de {motif === 'VOL' ? 'vol' : 'perte'} est enregistrée&nbsp;: la ligne {formatPhone(updated.numeroLigne)}{' '}
          est suspendue.
        </p>
        <p>Le gestionnaire du compte en reçoit la confirmation par e-mail.</p>
        {replacementSim ? (
          <p className="mt-2">
            Pour remettre la ligne en service, obtenez une carte SIM de remplacement, activez-la sur cette page puis rétablissez la
            ligne.{' '}
            <Link to={replacementSim.to} className="link">
              {replacementSim.label}
            </Link>
          </p>
        ) : (
          <p className="mt-2">Le gestionnaire du compte pourra commander une carte SIM de remplacement et rétablir la ligne.</p>
        )}
      </>,
    );

  const userSaved = (user: LineUserEntry, what: 'utilisateur' | 'annuaire') =>
    announce(
      <p className="font-semibold">
        {what === 'utilisateur'
          ? `L’utilisateur de la ligne ${formatPhone(line.numeroLigne)} est enregistré\u00a0: ${user.prenom ?? ''} ${user.nom ?? ''}.`
          : `L’inscription à l’annuaire de la ligne ${formatPhone(line.numeroLigne)} est enregistrée\u00a0: ${DIRECTORY_LISTING_LABELS[user.inscriptionAnnuaire]}.`}
      </p>,
    );

  return (
    <div className="space-y-6">
      <div role="status">
        {notice ? (
          <div key={notice.id} ref={noticeRef} tabIndex={-1}>
            <Alert tone="success" live={false}>
              {notice.content}
            </Alert>
          </div>
        ) : null}
      </div>
      <LineDetails line={line} />
      <LineUserSection line={line} onSaved={userSaved} />
      <LineBarringsSection line={line} />
      {line.actions.some((action) => !OWN_SECTION_ACTIONS.has(action)) ? (
        <section aria-labelledby="ligne-actions" className="space-y-4">
          <h2 id="ligne-actions" className="text-xl font-bold text-primary-strong">
            Actions sur la ligne
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {can('RETABLISSEMENT') ? (
              <RestoreLineAction
                line={line}
                onRestored={(updated) =>
                  announce(<p className="font-semibold">La ligne {formatPhone(updated.numeroLigne)} est rétablie&nbsp;: elle fonctionne de nouveau.</p>)
                }
              />
            ) : null}
            {can('PUK') ? <PukAction idContrat={line.idContrat} /> : null}
            {can('RIO') ? <RioAction idContrat={line.idContrat} /> : null}
            {can('ACTIVATION_SIM') ? (
              <SimActivationForm
                line={line}
                onActivated={(updated) =>
                  announce(
                    <p className="font-semibold">
                      La nouvelle carte SIM
                      {updated.iccidFin ? ` (numéro se terminant par ${updated.iccidFin})` : ''} est activée sur la ligne{' '}
                      {formatPhone(updated.numeroLigne)}.
                    </p>,
                  )
                }
              />
            ) : null}
            {can('PERTE_OU_VOL') ? <LossTheftForm line={line} onDeclared={declared} /> : null}
          </div>
        </section>
      ) : (
        <p className="text-muted">Aucune action n’est possible sur cette ligne.</p>
      )}
    </div>
  );
}
