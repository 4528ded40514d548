/** A small gauge of use against the allowance (decorative: the words next to it say the same). */
export function UsageGauge({ used, limit }: { used: number; limit: number }) {
  const share = Math.min(1, used / limit);
  return (
    <svg viewBox="0 0 100 6" aria-hidden="true" className="mt-2 h-2 w-full" preserveAspectRatio="none">
      <rect width={100} height={6} rx={3} className="fill-line-soft" />
      <rect width={100 * share} height={6} rx={3} className={used > limit ? 'fill-accent' : 'fill-primary'} />
    </svg>
  );
}
