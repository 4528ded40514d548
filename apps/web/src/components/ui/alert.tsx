import type { ReactNode } from 'react';

type AlertTone = 'error' | 'info' | 'success';

const TONES: Record<AlertTone, string> = {
  error: 'border-danger bg-danger-soft text-danger',
  info: 'border-primary bg-primary-soft text-ink',
  success: 'border-success bg-success-soft text-success',
};

interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  id?: string;
  title?: string;
  className?: string;
  /**
   * False when the alert sits inside a live region that is always in the page (a region
   * inserted together with its text is not reliably announced).
   */
  live?: boolean;
}

/** Errors are announced at once (role=alert); other messages politely (role=status). */
export function Alert({ tone, children, id, title, className = '', live = true }: AlertProps) {
  return (
    <div
      id={id}
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={`rounded-md border-l-4 px-4 py-3 ${TONES[tone]} ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
