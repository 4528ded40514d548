import { BarePage } from './bare-page.tsx';

/**
 * Shown in place of any page once the server parameters say the portal is not open
 * (activer is not the text True, spec §2 route guard; decision 009).
 */
export function ServiceUnavailable() {
  return (
    <BarePage>
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">Service momentanément indisponible</h1>
      <p className="mt-4 max-w-2xl">
        L’espace client Pro n’est pas accessible pour le moment. Veuillez nous excuser pour la gêne occasionnée et
        réessayer ultérieurement.
      </p>
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        Réessayer
      </button>
    </BarePage>
  );
}
