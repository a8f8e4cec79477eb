/** The brand's monogram: two linked nodes, drawn inline so no image is fetched. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b1f3a" />
      <path d="M9 20 L16 11 L23 20" stroke="#22d3ee" strokeWidth="2.5" fill="none" />
      <circle cx="9" cy="20" r="3" fill="#22d3ee" />
      <circle cx="16" cy="11" r="3" fill="#f8fafc" />
      <circle cx="23" cy="20" r="3" fill="#22d3ee" />
    </svg>
  );
}
