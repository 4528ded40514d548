export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-primary-soft border-t-primary motion-reduce:animate-none ${className}`}
    />
  );
}
