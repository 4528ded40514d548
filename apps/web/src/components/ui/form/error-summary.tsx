import { useContext, type Ref } from 'react';
import { useFormState, type FieldErrors } from 'react-hook-form';
import { FormIdContext, fieldIdFor } from './field-ids.ts';

interface FieldMessage {
  name: string;
  message: string;
}

/** Field errors as a flat list, nested fields included; the form-level alert (root) is left out. */
export function flattenErrors(errors: FieldErrors, parent = ''): FieldMessage[] {
  return Object.entries(errors).flatMap(([key, value]): FieldMessage[] => {
    if (key === 'root' && parent === '') return [];
    if (typeof value !== 'object' || value === null) return [];
    const name = parent === '' ? key : `${parent}.${key}`;
    if ('message' in value && typeof value.message === 'string' && value.message !== '') return [{ name, message: value.message }];
    return flattenErrors(value as FieldErrors, name);
  });
}

interface ErrorSummaryProps {
  title: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Summary of a long form's errors after a refused submit (GOV.UK "error summary"): each message
 * links to its field. <Form errorSummary="…"> renders it and moves focus to it.
 */
export function ErrorSummary({ title, ref }: ErrorSummaryProps) {
  const { errors, submitCount } = useFormState();
  const prefix = useContext(FormIdContext) ?? '';
  const items = submitCount > 0 ? flattenErrors(errors) : [];
  return (
    <div ref={ref} tabIndex={-1} aria-labelledby={`${prefix}-resume`} className="outline-none" hidden={items.length === 0}>
      {items.length > 0 ? (
        <div className="mb-6 rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3">
          <h2 id={`${prefix}-resume`} className="font-bold text-danger">
            {title}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {items.map(({ name, message }) => {
              const id = fieldIdFor(prefix, name);
              return (
                <li key={name}>
                  <a
                    href={`#${id}`}
                    className="font-semibold text-danger underline underline-offset-2"
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(id)?.focus();
                    }}
                  >
                    {message}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
