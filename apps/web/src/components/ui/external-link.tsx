import type { ReactNode } from 'react';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** Opens outside the portal, in a new window, and says so to screen-reader users. */
export function ExternalLink({ href, children, className = 'link' }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (nouvelle fenêtre)</span>
    </a>
  );
}
