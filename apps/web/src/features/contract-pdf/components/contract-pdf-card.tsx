import { useId } from 'react';
import { DownloadButton } from '../../../components/ui/download-button.tsx';

/** GET /api/contrats/{idContrat}/pdf. */
export function contractPdfPath(idContrat: number): string {
  return `/api/contrats/${idContrat}/pdf`;
}

/** The line page's download of the line's contract (conditions particulières) as a PDF. */
export function ContractPdfCard({ idContrat, numeroLigne }: { idContrat: number; numeroLigne: string }) {
  const headingId = `contrat${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        Contrat
      </h2>
      <p>Les conditions particulières de la ligne&nbsp;: titulaire, forfait et prix, options, activation et engagement.</p>
      <DownloadButton path={contractPdfPath(idContrat)} label="Télécharger le contrat (PDF)" fallbackName={`contrat-${numeroLigne}.pdf`} />
    </section>
  );
}
