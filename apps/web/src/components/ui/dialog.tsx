import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the foot of the dialog; a button with `slot="close"` closes it. */
  actions?: ReactNode;
  /** Controlled use; leave both out inside a react-aria DialogTrigger. */
  isOpen?: boolean;
  /** Escape (and a click outside when `dismissable`) asks to close with `false`. */
  onOpenChange?: (isOpen: boolean) => void;
  /** 'alertdialog' for a warning that needs an answer (session expiry, unpaid balance). */
  role?: 'dialog' | 'alertdialog';
  /** A click outside closes the dialog. Off by default: an answer is expected. */
  dismissable?: boolean;
  /** Id of the text that describes the dialog, read when it opens. */
  describedBy?: string;
}

/**
 * Modal dialog from React Aria (focus trapped and restored, Escape, scroll lock, inert page
 * behind it), drawn with the portal's tokens.
 */
export function Dialog({
  title,
  children,
  actions,
  isOpen,
  onOpenChange,
  role = 'dialog',
  dismissable = false,
  describedBy,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={dismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-overlay p-4"
    >
      {/* A long form scrolls inside the dialog on a small screen. */}
      <Modal className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-lg bg-surface p-6 shadow-xl">
        <AriaDialog role={role} aria-describedby={describedBy} className="outline-none">
          <Heading slot="title" className="text-xl font-bold text-primary-strong">
            {title}
          </Heading>
          <div className="mt-3">{children}</div>
          {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
