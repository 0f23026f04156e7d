/** The InspectScribe mark: a microphone on a report page. Decorative; the name is always shown beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffffff" />
      <rect x="8" y="8" width="48" height="48" rx="10" fill="#0f6cbd" />
      <rect x="26" y="16" width="12" height="22" rx="6" fill="#ffffff" />
      <path d="M21 31a11 11 0 0 0 22 0" fill="none" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M32 42v6M25 48h14" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  )
}
