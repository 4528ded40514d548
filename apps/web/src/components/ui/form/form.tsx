import { useEffect, useId, useRef, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { applyApiError, type ApiErrorFields } from './api-error-to-form.ts';
import { ErrorSummary } from './error-summary.tsx';
import { FormAlertContext } from './form-alert.tsx';
import { FormAutoFocusContext, FormIdContext } from './field-ids.ts';

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

/**
 * The first invalid control in page order. A group (radio buttons) is marked as a whole: its
 * chosen option, else its first one, takes the focus.
 */
export function firstInvalidControl(root: HTMLElement): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid || invalid.matches(FOCUSABLE)) return invalid;
  return invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>(FOCUSABLE);
}

export interface FormProps<TIn extends FieldValues, TOut>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'children'> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /**
   * Called with the checked values. It is awaited: 'Valider' stays disabled and a second submit
   * is ignored until it settles. A rejection is shown by the form: under a field (see
   * `errorFields`), else in its <FormAlert> (a FormAlertError's message as is).
   */
  onSubmit: (values: TOut) => unknown;
  /** Refused calls whose code is about one field: the message goes under that field. */
  errorFields?: ApiErrorFields<TIn>;
  /**
   * Long forms: on an invalid submit, list the errors above the form and move focus to that
   * list instead of the first invalid field. The text is the list's title.
   */
  errorSummary?: string;
  children: ReactNode;
}

/**
 * The one way to build a form: react-hook-form state, no browser validation bubbles, focus on
 * the first invalid field (or the error summary) after a refused submit, no double submit, and
 * the API's refusal mapped onto a field or the form's alert.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  errorFields,
  errorSummary,
  children,
  ...attributes
}: FormProps<TIn, TOut>) {
  const prefix = `formulaire${useId().replace(/:/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { submitCount } = useFormState({ control: form.control });
  const withSummary = errorSummary !== undefined;

  const submitter = useRef<HTMLElement | null>(null);
  const autoFocusing = useRef(false);

  // Each submit ends with submitCount + 1 in the same update as its errors, so the fields show
  // their errors by the time this runs. Otherwise focus goes back to the button if it was lost
  // while the button was disabled (a refusal in the alert is announced by the alert itself).
  useEffect(() => {
    if (submitCount === 0 || !formRef.current) return;
    const invalid = firstInvalidControl(formRef.current);
    if (withSummary && summaryRef.current && !summaryRef.current.hidden) summaryRef.current.focus();
    else if (invalid) {
      autoFocusing.current = true;
      invalid.focus();
      autoFocusing.current = false;
    }
    else if (submitter.current?.isConnected && (document.activeElement === null || document.activeElement === document.body)) {
      submitter.current.focus();
    }
  }, [submitCount, withSummary]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy.current) return;
    busy.current = true;
    const nativeSubmitter = (event.nativeEvent as SubmitEvent).submitter;
    submitter.current = nativeSubmitter ?? formRef.current?.querySelector<HTMLElement>('[type="submit"]') ?? null;
    setAlert(null);
    try {
      await form.handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          setAlert(applyApiError(form.setError, error, errorFields));
        }
      })(event);
    } finally {
      busy.current = false;
    }
  };

  return (
    <FormProvider {...form}>
      <FormIdContext.Provider value={prefix}>
        <FormAutoFocusContext.Provider value={autoFocusing}>
          <FormAlertContext.Provider value={alert}>
            {withSummary ? <ErrorSummary ref={summaryRef} title={errorSummary} /> : null}
            <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} {...attributes}>
              {children}
            </form>
          </FormAlertContext.Provider>
        </FormAutoFocusContext.Provider>
      </FormIdContext.Provider>
    </FormProvider>
  );
}
