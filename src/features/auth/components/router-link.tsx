import type { ReactNode } from 'react'
import { Link } from '@fluentui/react-components'
import { useHref, useLinkClickHandler } from 'react-router-dom'

type LinkElement = HTMLAnchorElement | HTMLButtonElement | HTMLSpanElement

/** An in-app link with Fluent's link styling: a real href (new tab, copy link) and client-side navigation. */
export function RouterLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const href = useHref(to)
  const onClick = useLinkClickHandler<LinkElement>(to)
  return (
    <Link href={href} onClick={onClick} className={className}>
      {children}
    </Link>
  )
}
