import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';

type CodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  id: string;
  autoComplete: 'current-password' | 'new-password';
  /** What the eye toggle shows or hides, in its accessible name. */
  subject?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A confidential-code input with its show/hide toggle (spec §2 "eye toggle"). The label, help
 * and error come from the FormField around it.
 */
export function CodeInput({ id, subject = 'le code confidentiel', className = '', ...input }: CodeInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...input}
        id={id}
        type={visible ? 'text' : 'password'}
        autoCapitalize="off"
        spellCheck={false}
        className={`field-input pr-14 ${className}`}
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
  );
}
