// The job list's pages: Previous, the page buttons after MUI's rule with 1 boundary and 1 sibling page
// (portal-spec.md §9), Next, and "11–20 of 25".
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { paginationItems } from '../lib/pagination'
import { LIST_TEXT as TEXT } from '../list-messages'

const useStyles = makeStyles({
  pagination: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalXS },
  pageList: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0 },
  pageButton: { minWidth: '36px' },
  ellipsis: { display: 'inline-block', minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
  count: { color: tokens.colorNeutralForeground2 },
})

export interface JobsPaginationProps {
  page: number
  pageCount: number
  summary: string
  onPage: (page: number) => void
}

export function JobsPagination({ page, pageCount, summary, onPage }: JobsPaginationProps) {
  const styles = useStyles()
  return (
    <nav className={styles.pagination} aria-label={TEXT.pagination}>
      <Button appearance="subtle" icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {TEXT.previous}
      </Button>
      <ul className={styles.pageList}>
        {paginationItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                className={styles.pageButton}
                appearance={item === page ? 'primary' : 'subtle'}
                aria-label={TEXT.page(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true">
              <span className={styles.ellipsis}>…</span>
            </li>
          ),
        )}
      </ul>
      <Button appearance="subtle" icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {TEXT.next}
      </Button>
      <span className={styles.count} aria-live="polite">
        {summary}
      </span>
    </nav>
  )
}
