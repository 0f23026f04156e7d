import { makeStyles, tokens } from '@fluentui/react-components'
import { PAYMENT_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
})

/** What is bought: the plan (or the default payment), its credits to add, and the price once the server has set it. */
export function PaymentSummary({ planName, credits, price }: { planName: string; credits: string; price: string | undefined }) {
  const styles = useStyles()
  const row = (term: string, value: string) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </>
  )
  return (
    <dl className={styles.list}>
      {row(TEXT.plan, planName)}
      {row(TEXT.creditsToAdd, credits)}
      {price !== undefined && row(TEXT.price, price)}
    </dl>
  )
}
