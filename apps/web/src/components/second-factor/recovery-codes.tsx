import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { saveFile } from '../../lib/download-file.ts';
import { Alert } from '../ui/alert.tsx';
import { recoveryCodesText } from './totp-format.ts';

export const RECOVERY_CODES_FILE = 'codes-de-secours.txt';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** The reader has kept them: the codes leave the page for good. */
  onDone: () => void;
}

type Outcome = 'copied' | 'copy-failed' | 'saved' | null;

const OUTCOME_TEXT: Record<Exclude<Outcome, null>, string> = {
  copied: 'Les codes de secours sont copiés dans le presse-papiers.',
  'copy-failed': 'La copie n’a pas abouti\u00a0: sélectionnez les codes et copiez-les vous-même.',
  saved: `Le fichier ${RECOVERY_CODES_FILE} est téléchargé.`,
};

/**
 * The recovery codes, shown this once: copied, saved as a text file or written down before the
 * reader goes on. Shared by the security page and the login's enrolment at sign-in (decision 057).
 */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const [givenAt] = useState(() => new Date());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const text = recoveryCodesText(codes, givenAt);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('copy-failed');
    }
  };

  const save = () => {
    saveFile({ blob: new Blob([text], { type: 'text/plain;charset=utf-8' }), name: RECOVERY_CODES_FILE });
    setOutcome('saved');
  };

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold">Vos codes de secours</h3>
      <p>
        Si vous n’avez plus accès à votre application d’authentification ou à vos clés d’accès, chacun de ces codes permet une connexion, une seule fois.
        Conservez-les en lieu sûr (un gestionnaire de mots de passe, par exemple)&nbsp;: <strong>ils ne seront plus affichés</strong>.
      </p>
      <ol aria-label="Codes de secours" className="grid grid-cols-1 gap-2 font-mono text-lg min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-canvas px-3 py-1 text-center tracking-wider break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copier les codes
        </button>
        <button type="button" className="btn-secondary" onClick={save}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger les codes (TXT)
        </button>
      </div>
      <div role="status">
        {outcome ? (
          <Alert tone={outcome === 'copy-failed' ? 'info' : 'success'} live={false}>
            {OUTCOME_TEXT[outcome]}
          </Alert>
        ) : null}
      </div>
      <button type="button" className="btn-primary w-full sm:w-auto" onClick={onDone}>
        J’ai conservé mes codes de secours
      </button>
    </div>
  );
}
