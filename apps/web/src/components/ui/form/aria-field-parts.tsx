import type { ReactNode } from 'react';
import { Label, Text } from 'react-aria-components';

/**
 * The parts a React Aria field (radio group, checkbox group, combo box) shows around its
 * control, as FormField shows them: label with "obligatoire", help under it, error at the end.
 * They fill the enclosing component's slots, so it links them to the control by itself.
 */
export function AriaFieldLabel({ children, required = false }: { children: ReactNode; required?: boolean }) {
  return (
    <Label className="field-label">
      {children}
      {required ? <span className="font-normal text-muted"> – obligatoire</span> : null}
    </Label>
  );
}

export function AriaFieldHelp({ children }: { children?: ReactNode }) {
  return children ? (
    <Text slot="description" className="mb-2 block text-sm text-muted">
      {children}
    </Text>
  ) : null;
}

export function AriaFieldError({ error }: { error: string | undefined }) {
  return error ? (
    <Text slot="errorMessage" className="mt-1 block text-sm font-semibold text-danger">
      {error}
    </Text>
  ) : null;
}

/** An option's label and the line under it, beside its box. */
export function OptionText({ label, description }: { label: ReactNode; description?: ReactNode }) {
  return (
    <span>
      <span className="font-medium">{label}</span>
      {description ? <span className="block text-sm text-muted">{description}</span> : null}
    </span>
  );
}
