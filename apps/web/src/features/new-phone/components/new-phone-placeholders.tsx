import { WaitingText } from '../../../components/ui/query-states.tsx';

/*
 * What the new-phone page shows while its line and its phones are on their way: boxes of the size
 * the content will take, so that nothing on screen moves when it arrives (UI.md "Data": no layout
 * shift). The words say what is awaited; the boxes are hidden from assistive technology.
 */

const BAR = 'inline-block h-4 rounded bg-line-soft align-middle';

/** One text line of the final size (its line height), with a grey bar `width` wide. */
function TextLine({ width, className = '' }: { width: string; className?: string }) {
  return (
    <p className={className}>
      <span className={`${BAR} ${width}`} />
      {'\u00a0'}
    </p>
  );
}

/** The line's card (LineSummary) before the eligibility arrives: its heading and three lines. */
export function LineSummaryPlaceholder() {
  return (
    <section aria-labelledby="ligne-concernee" className="card space-y-1">
      <h2 id="ligne-concernee" className="text-xl font-bold text-primary-strong">
        Votre ligne
      </h2>
      <WaitingText>Vérification de la ligne…</WaitingText>
      <div aria-hidden="true" className="space-y-1">
        <TextLine width="w-3/5" />
        <TextLine width="w-2/5" />
      </div>
    </section>
  );
}

/** The number of phone cards drawn while the list loads: enough to reach below a desktop screen's fold. */
const PLACEHOLDER_CARDS = 6;

/** The phone list before it arrives: its label and help, then cards of the final size (picture box included). */
export function PhoneListPlaceholder() {
  return (
    <div>
      <WaitingText>Chargement des téléphones…</WaitingText>
      <TextLine width="w-64" className="mb-2 text-sm" />
      <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li key={index} className="flex items-start gap-3 rounded-md border-2 border-line bg-surface p-4">
            <span className="mt-0.5 size-5 shrink-0 rounded-full border-2 border-line" />
            <span className="block flex-1">
              <span className="flex items-center gap-3">
                <span className="h-24 w-16 shrink-0 rounded bg-line-soft" />
                <span className={`${BAR} w-2/3`} />
              </span>
              <span className="block text-sm">
                <span className={`${BAR} w-4/5`} />
                {'\u00a0'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
