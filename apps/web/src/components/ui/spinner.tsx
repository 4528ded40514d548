/**
 * Decorative turning ring; the waiting state itself is said by text or by a disabled control.
 * The small one takes the text colour, so it shows on any button.
 */
export function Spinner({ small = false }: { small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full motion-reduce:animate-none ${
        small ? 'size-4 border-2 border-current border-r-transparent' : 'size-8 border-4 border-primary-soft border-t-primary'
      }`}
    />
  );
}
