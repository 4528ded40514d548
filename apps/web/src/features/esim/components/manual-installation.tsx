import { LPA_PREFIX, type EsimResponse } from '@ecare/shared/esim';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/** The activation code while it is masked: one dot per character, its dashes kept. */
export function maskCode(code: string): string {
  return code.replace(/[^-]/g, '•');
}

/** A secret value, or its mask: the mask is not read out, a screen reader hears "masqué". */
function Secret({ value, shown }: { value: string; shown: boolean }) {
  if (shown) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">{maskCode(value)}</span>
      <span className="sr-only">masqué</span>
    </>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-mono text-base font-semibold break-all">{children}</dd>
    </div>
  );
}

/**
 * Spec §2 manual procedure: the activation code and the SM-DP+ address for iOS, the add code
 * `LPA:1$<SM-DP+>$<activation code>` for Android. The activation code is masked (someone
 * looking at the screen could install the line with it) until the person asks to see it.
 */
export function ManualInstallation({ esim }: { esim: EsimResponse }) {
  const [shown, setShown] = useState(false);
  const codesId = `codes${useId().replace(/:/g, '')}`;
  const Icon = shown ? EyeOff : Eye;

  return (
    <section aria-labelledby="esim-manuel" className="card space-y-4">
      <h2 id="esim-manuel" className="text-xl font-bold text-primary-strong">
        Installer l’eSIM manuellement
      </h2>
      <p>
        Si le QR code ne peut pas être scanné, choisissez la saisie manuelle dans le même menu du téléphone (étape 2) et
        saisissez les informations ci-dessous.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" aria-controls={codesId} onClick={() => setShown((value) => !value)}>
          <Icon aria-hidden="true" className="size-5" />
          {shown ? 'Masquer le code d’activation' : 'Afficher le code d’activation'}
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {shown ? 'Le code d’activation est affiché.' : 'Le code d’activation est masqué.'}
        </p>
      </div>
      <div id={codesId} className="grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <h3 className="text-lg font-bold text-primary-strong">Sur iPhone (iOS)</h3>
          <dl className="space-y-3">
            <Value label="Adresse SM-DP+">{esim.urlSMDP}</Value>
            <Value label="Code d’activation">
              <Secret value={esim.codeActivation} shown={shown} />
            </Value>
          </dl>
        </div>
        <div className="space-y-2">
          <h3 className="text-lg font-bold text-primary-strong">Sur Android</h3>
          <p>
            Saisissez le code d’ajout, fait du préfixe <span className="font-mono">{LPA_PREFIX}</span>, de l’adresse SM-DP+, du
            signe <span className="font-mono">$</span> et du code d’activation.
          </p>
          <dl>
            <Value label="Code d’ajout">
              {LPA_PREFIX}
              {esim.urlSMDP}$<Secret value={esim.codeActivation} shown={shown} />
            </Value>
          </dl>
        </div>
      </div>
    </section>
  );
}
