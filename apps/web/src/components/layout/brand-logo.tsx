import { BRAND_NAME } from '../../config/site.ts';

/** Text logo of the fictional brand; the orange dot is the accent colour. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-baseline gap-1 font-extrabold tracking-tight text-primary-strong">
      <span className={compact ? 'text-xl' : 'text-2xl'}>{BRAND_NAME}</span>
      <span aria-hidden="true" className="inline-block size-2 rounded-full bg-accent" />
    </span>
  );
}
