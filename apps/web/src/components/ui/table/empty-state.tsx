import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** What is missing ("Aucune ligne ne correspond à votre recherche."). */
  title: ReactNode;
  /** What to do next. */
  children?: ReactNode;
  /** A way forward: a link or a button. */
  action?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** Shown in place of an empty list: says what is missing and what to do next (UI.md "Data"). */
export function EmptyState({ title, children, action, icon: Icon = Inbox, className = '' }: EmptyStateProps) {
  return (
    <div className={`card flex flex-col items-start gap-3 sm:flex-row ${className}`}>
      <Icon aria-hidden="true" className="size-8 shrink-0 text-muted" />
      <div className="space-y-2">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-muted">{children}</div> : null}
        {action ? <div className="pt-1">{action}</div> : null}
      </div>
    </div>
  );
}
