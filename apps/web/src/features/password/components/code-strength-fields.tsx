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
import { useId, useState } from 'react';
import { CodeInput } from '../../../components/ui/code-input.tsx';

export interface CodeFieldsValue {
  /** Current code; used only when the old-code field is shown. */
  oldCode: string;
  newCode: string;
}

export const EMPTY_CODE_FIELDS: CodeFieldsValue = { oldCode: '', newCode: '' };

interface CodeStrengthFieldsProps {
  value: CodeFieldsValue;
  /**
   * Called on every keystroke with the new values and whether the fields are complete: the new
   * code meets every rule and, when shown, the old code has 8 to 20 characters.
   */
  onChange: (value: CodeFieldsValue, robust: boolean) => void;
  /** Shows the old-code field (password change of a signed-in user). */
  withOldCode?: boolean;
  /** Error flag of spec §2: 'Toutes les exigences requises ne sont pas remplies' while rules are unmet. */
  error?: boolean;
  disabled?: boolean;
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

function isOldCodeComplete(code: string): boolean {
  const length = [...code].length;
  return length >= NEW_CODE_LENGTH.min && length <= NEW_CODE_LENGTH.max;
}

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

/**
 * Confidential-code fields with strength bar and checklist (spec §2, §5, §9). The rules come
 * from @ecare/shared/password; everything updates on each keystroke; paste is allowed.
 */
export function CodeStrengthFields({
  value,
  onChange,
  withOldCode = false,
  error = false,
  disabled = false,
  username,
}: CodeStrengthFieldsProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const { newCode } = value;

  const forbidden = hasForbiddenCharacters(newCode);
  const robust = isRobustPassword(newCode);
  const showRequirements = !robust && (error || (touched && newCode !== ''));

  const ids = {
    old: `${id}-ancien`,
    new: `${id}-nouveau`,
    hint: `${id}-aide`,
    meter: `${id}-robustesse`,
    criteria: `${id}-criteres`,
    forbidden: `${id}-interdits`,
    requirements: `${id}-exigences`,
  };
  const describedBy = [ids.hint, ids.criteria, forbidden ? ids.forbidden : null, showRequirements ? ids.requirements : null]
    .filter(Boolean)
    .join(' ');

  const update = (next: CodeFieldsValue) =>
    onChange(next, isRobustPassword(next.newCode) && (!withOldCode || isOldCodeComplete(next.oldCode)));

  return (
    <div className="space-y-5">
      {username ? <input type="email" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
      {withOldCode ? (
        <CodeInput
          id={ids.old}
          label="Code confidentiel actuel"
          value={value.oldCode}
          onChange={(oldCode) => update({ ...value, oldCode })}
          autoComplete="current-password"
          subject="le code confidentiel actuel"
          maxLength={NEW_CODE_LENGTH.max}
          disabled={disabled}
        />
      ) : null}
      <div className="space-y-3">
        <CodeInput
          id={ids.new}
          label="Nouveau code confidentiel"
          value={newCode}
          onChange={(code) => update({ ...value, newCode: code })}
          onBlur={() => setTouched(true)}
          autoComplete="new-password"
          maxLength={NEW_CODE_LENGTH.max}
          invalid={forbidden || showRequirements}
          describedBy={describedBy}
          disabled={disabled}
        />
        <p id={ids.hint} className="text-sm text-muted">
          De {NEW_CODE_LENGTH.min} à {NEW_CODE_LENGTH.max} caractères. Caractères spéciaux acceptés : {SPECIALS_TEXT}.
        </p>
        {forbidden ? (
          <p id={ids.forbidden} role="alert" className="text-sm font-semibold text-danger">
            {PASSWORD_MESSAGES.forbiddenCharacters}
          </p>
        ) : null}
        <StrengthMeter code={newCode} id={ids.meter} />
        <CriteriaList code={newCode} id={ids.criteria} />
        {showRequirements ? (
          <p id={ids.requirements} role="alert" className="text-sm font-semibold text-danger">
            {PASSWORD_MESSAGES.requirementsUnmet}
          </p>
        ) : null}
      </div>
    </div>
  );
}
