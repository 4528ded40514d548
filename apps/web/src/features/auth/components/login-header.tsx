import { BrandLogo } from '../../../components/layout/brand-logo.tsx';

/**
 * Two variants by width (spec §2): narrow screens stack a compact logo over the title, wider
 * ones put the title beside the full logo.
 */
export function LoginHeader() {
  return (
    <header className="border-b-4 border-accent bg-surface">
      <div className="page-container flex flex-col items-center gap-2 py-4 text-center md:flex-row md:justify-between md:gap-6 md:py-6 md:text-left">
        <span className="md:hidden">
          <BrandLogo compact />
        </span>
        <span className="hidden md:inline">
          <BrandLogo />
        </span>
        <h1 className="text-lg font-extrabold tracking-wide text-primary-strong md:text-2xl">
          CONNECTEZ-VOUS À VOTRE ESPACE CLIENT PRO
        </h1>
      </div>
    </header>
  );
}
