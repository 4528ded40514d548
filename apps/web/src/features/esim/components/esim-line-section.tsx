import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { lineEsimPath } from '../utils/esim-paths.ts';
import { SendEsimLinkForm } from './send-esim-link-form.tsx';

interface EsimLineSectionProps {
  idContrat: number;
  numeroLigne: string;
  /** The line user's address, proposed for the link. */
  lineUserEmail: string | null;
  /** The caller may hand the line's SIM out (the account's manager): the link may be e-mailed. */
  canSend: boolean;
}

/** The eSIM block of an eSIM line's page: its installation page, and the link sent by e-mail. */
export function EsimLineSection({ idContrat, numeroLigne, lineUserEmail, canSend }: EsimLineSectionProps) {
  return (
    <section aria-labelledby="ligne-esim" className="mt-8 space-y-4">
      <h2 id="ligne-esim" className="text-xl font-bold text-primary-strong">
        eSIM
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="esim-installation" className="card space-y-4">
          <h3 id="esim-installation" className="text-lg font-bold text-primary-strong">
            QR code d’installation
          </h3>
          <p>
            Cette ligne utilise une eSIM. Sa page d’installation donne le QR code à scanner avec le téléphone, la procédure pas à pas
            et les codes pour une installation manuelle.
          </p>
          <Link to={lineEsimPath(idContrat)} className="btn-secondary">
            <QrCode aria-hidden="true" className="size-5" />
            Afficher le QR code de l’eSIM
          </Link>
        </section>
        {canSend ? <SendEsimLinkForm idContrat={idContrat} numeroLigne={numeroLigne} defaultEmail={lineUserEmail} /> : null}
      </div>
    </section>
  );
}
