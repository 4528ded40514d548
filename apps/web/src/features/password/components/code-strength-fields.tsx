import {
  hasForbiddenCharacters,
  isRobustPassword,
  NEW_CODE_LENGTH,
  PASSWORD_MESSAGES,
  passwordCriteria,
  passwordStrength,
  SPECIAL_CHARACTERS,
  type PasswordCriteria,
  type StrengthLevel,
} from '@ecare/shared/password';
import { Check, Circle, X } from 'lucide-react';
import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CodeField } from '../../../components/ui/form/code-field.tsx';
import { tooLongMessage, type ChangeCodeFormValues } from '../utils/code-form.ts';

interface CodeStrengthFieldsProps {
  /** Shows the old-code field (password change of a signed-in user). */
  withOldCode?: boolean;
  /** Error flag of spec §2: 'Toutes les exigences requises ne sont pas remplies' while rules are unmet. */
  error?: boolean;
  /** Identifier the code belongs to, given to password managers (not shown). */
  username?: string;
}

const CRITERIA: { key: keyof PasswordCriteria; label: string }[] = [
  { key: 'length', label: `minimum ${NEW_CODE_LENGTH.min} caractères` },
  { key: 'lower', label: 'une minuscule' },
  { key: 'upper', label: 'une majuscule' },
  { key: 'special', label: 'un caractère spécial' },
  { key: 'digit', label: 'un chiffre' },
];

const LEVELS: Record<StrengthLevel, { label: string; bar: string; width: string }> = {
  empty: { label: 'non évaluée', bar: 'bg-line', width: 'w-0' },
  danger: { label: 'faible', bar: 'bg-danger', width: 'w-[30%]' },
  warning: { label: 'moyenne', bar: 'bg-warning', width: 'w-[60%]' },
  good: { label: 'bonne', bar: 'bg-success', width: 'w-full' },
};

/** Special characters as a reader sees them, the space spelt out. */
const SPECIALS_TEXT = `espace ${[...SPECIAL_CHARACTERS.trim()].join(' ')}`;

function StrengthMeter({ code, id }: { code: string; id: string }) {
  const { percent, level } = passwordStrength(code);
  const { label, bar, width } = LEVELS[level];
  return (
    <div>
      <p id={id} className="text-sm font-semibold">
        Robustesse : {label}
      </p>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %, robustesse ${label}`}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-line-soft"
      >
        <div className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${bar} ${width}`} />
      </div>
    </div>
  );
}

function CriteriaList({ code, id }: { code: string; id: string }) {
  const criteria = passwordCriteria(code);
  const typed = code.length > 0;
  return (
    <div id={id}>
      <p className="text-sm font-semibold">Votre code confidentiel doit contenir :</p>
      <ul className="mt-1 space-y-1 text-sm">
        {CRITERIA.map(({ key, label }) => {
          const met = criteria[key];
          const state = !typed ? 'neutral' : met ? 'met' : 'unmet';
          return (
            <li
              key={key}
              data-state={state}
              className={`flex items-center gap-2 ${state === 'met' ? 'text-success' : state === 'unmet' ? 'text-danger' : 'text-muted'}`}
            >
              {state === 'met' ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : state === 'unmet' ? (
                <X aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span>
                {label}
                {state === 'neutral' ? null : <span className="sr-only">{met ? ' : respecté' : ' : non respecté'}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A message that appears while typing, announced at once and tied to its field. */
function LiveProblem({ id, children }: { id: string; children: string | null }) {
  if (children === null) return null;
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-danger">
      {children}
    </p>
  );
}

/**
 * Confidential-code fields with strength bar and checklist (spec §2, §5, §9), inside a <Form>
 * whose values are `oldCode` and `newCode` (see utils/code-form.ts). The rules come from
 * @ecare/shared/password; everything updates on each keystroke; a pasted code too long is kept
 * as typed and said to be too long.
 */
export function CodeStrengthFields({ withOldCode = false, error = false, username }: CodeStrengthFieldsProps) {
  const id = useId();
  const { control, getFieldState } = useFormContext<ChangeCodeFormValues>();
  const [newCode = '', oldCode = ''] = useWatch({ control, name: ['newCode', 'oldCode'] });
  const { isTouched, error: fieldError } = getFieldState('newCode', useFormState({ control, name: 'newCode' }));

  const forbidden = hasForbiddenCharacters(newCode);
  const tooLong = tooLongMessage(newCode);
  const showRequirements = !isRobustPassword(newCode) && (error || (isTouched && newCode !== ''));
  const serverError = fieldError?.type === 'server' ? fieldError.message : undefined;

  const ids = {
    hint: `${id}-aide`,
    meter: `${id}-robustesse`,
    criteria: `${id}-criteres`,
    forbidden: `${id}-interdits`,
    tooLong: `${id}-trop-long`,
    oldTooLong: `${id}-ancien-trop-long`,
  };
  const oldTooLong = withOldCode ? tooLongMessage(oldCode) : null;
  const describedBy = [ids.hint, ids.criteria, forbidden ? ids.forbidden : null, tooLong ? ids.tooLong : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="space-y-5">
      {username ? <input type="email" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
      {withOldCode ? (
        <div className="space-y-2">
          <CodeField<ChangeCodeFormValues>
            name="oldCode"
            label="Code confidentiel actuel"
            autoComplete="current-password"
            subject="le code confidentiel actuel"
            invalid={oldTooLong !== null}
            describedBy={oldTooLong ? ids.oldTooLong : undefined}
          />
          <LiveProblem id={ids.oldTooLong}>{oldTooLong}</LiveProblem>
        </div>
      ) : null}
      <div className="space-y-3">
        <CodeField<ChangeCodeFormValues>
          name="newCode"
          label="Nouveau code confidentiel"
          autoComplete="new-password"
          error={serverError ?? (showRequirements ? PASSWORD_MESSAGES.requirementsUnmet : null)}
          invalid={forbidden || tooLong !== null}
          describedBy={describedBy}
        />
        <p id={ids.hint} className="text-sm text-muted">
          De {NEW_CODE_LENGTH.min} à {NEW_CODE_LENGTH.max} caractères. Caractères spéciaux acceptés : {SPECIALS_TEXT}.
        </p>
        <LiveProblem id={ids.forbidden}>{forbidden ? PASSWORD_MESSAGES.forbiddenCharacters : null}</LiveProblem>
        <LiveProblem id={ids.tooLong}>{tooLong}</LiveProblem>
        <StrengthMeter code={newCode} id={ids.meter} />
        <CriteriaList code={newCode} id={ids.criteria} />
      </div>
    </div>
  );
}
