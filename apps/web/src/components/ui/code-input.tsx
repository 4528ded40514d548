import { Eye, EyeOff } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';

interface CodeInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: 'current-password' | 'new-password';
  maxLength: number;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** What the eye toggle shows or hides, in its accessible name. */
  subject?: string;
}

/** A required confidential-code field with its show/hide toggle (spec §2 "eye toggle"). */
export function CodeInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  autoComplete,
  maxLength,
  invalid = false,
  describedBy,
  disabled = false,
  subject = 'le code confidentiel',
}: CodeInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        <span className="font-normal text-muted"> – obligatoire</span>
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          required
          maxLength={maxLength}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="field-input pr-14"
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={id}
          aria-label={`${visible ? 'Masquer' : 'Afficher'} ${subject}`}
          onClick={() => setVisible(!visible)}
          className="absolute inset-y-0 right-0 inline-flex min-w-11 items-center justify-center rounded-r-md text-primary hover:bg-primary-soft"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
    </div>
  );
}
