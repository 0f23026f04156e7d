// The recharge plans to choose from (portal-spec.md §2 Add Credit, §3 Recharge plan): one radio card per
// plan with its name, credits, price and description, and a last option for no plan, the default
// payment of 50 credits (§9). Radios, so the arrow keys move between plans and Tab leaves the group.
import { useId } from 'react'
import { Button, Radio, RadioGroup, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { RechargePlan } from '@contract/lookups.ts'
import { StatusMessage } from '@/components/status-message'
import { ADD_CREDIT_TEXT as TEXT } from '../messages'
import { formatMoney, formatPlanCredits } from '../lib/recharge-format'

const useStyles = makeStyles({
  group: { display: 'grid', gap: tokens.spacingVerticalS, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  card: {
    display: 'flex',
    alignItems: 'flex-start',
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    ':hover': { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}` },
  },
  // Chosen: a thick brand border and a tinted card, not colour alone (the radio's dot shows it too).
  chosen: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  },
  noPlan: { gridColumn: '1 / -1' },
  label: { display: 'grid', gap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  offer: { color: tokens.colorNeutralForeground1 },
  price: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  description: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, overflowWrap: 'anywhere' },
})

/** The no-plan option's radio value. */
const NO_PLAN = 'none'

export interface RechargePlanChoiceProps {
  plans: RechargePlan[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  /** The chosen plan; null: no plan, the default payment. */
  chosen: RechargePlan | null
  onChoose: (plan: RechargePlan | null) => void
  /** The group's name, from the section heading. */
  labelledBy: string
}

export function RechargePlanChoice({ plans, loading, failed, onRetry, chosen, onChoose, labelledBy }: RechargePlanChoiceProps) {
  const styles = useStyles()
  const value = chosen ? String(chosen.id) : NO_PLAN
  return (
    <>
      {loading && <Spinner size="small" labelPosition="after" label={TEXT.loadingPlans} />}
      {failed && (
        <StatusMessage intent="error" action={<Button onClick={onRetry}>{TEXT.retry}</Button>}>
          {TEXT.plansFailed}
        </StatusMessage>
      )}
      {plans?.length === 0 && <StatusMessage intent="info">{TEXT.noPlans}</StatusMessage>}
      <RadioGroup
        className={styles.group}
        aria-labelledby={labelledBy}
        value={value}
        onChange={(_, data) => onChoose(plans?.find((plan) => String(plan.id) === data.value) ?? null)}
      >
        {plans?.map((plan) => (
          <PlanOption key={plan.id} plan={plan} chosen={value === String(plan.id)} />
        ))}
        <Radio
          className={mergeClasses(styles.card, styles.noPlan, value === NO_PLAN && styles.chosen)}
          value={NO_PLAN}
          label={{ className: styles.label, children: <span className={styles.name}>{TEXT.noPlan}</span> }}
        />
      </RadioGroup>
    </>
  )
}

/** One plan's card. Its name is the plan, credits and price; the description is read after it. */
function PlanOption({ plan, chosen }: { plan: RechargePlan; chosen: boolean }) {
  const styles = useStyles()
  const id = useId()
  return (
    <Radio
      className={mergeClasses(styles.card, chosen && styles.chosen)}
      value={String(plan.id)}
      input={{ 'aria-labelledby': `${id}-name ${id}-offer`, 'aria-describedby': plan.description ? `${id}-description` : undefined }}
      label={{
        className: styles.label,
        children: (
          <>
            <span id={`${id}-name`} className={styles.name}>
              {plan.name}
            </span>
            <span id={`${id}-offer`} className={styles.offer}>
              {TEXT.credits(formatPlanCredits(plan.credit_value))}, <span className={styles.price}>{formatMoney(plan.price, plan.currency)}</span>
            </span>
            {plan.description && (
              <span id={`${id}-description`} className={styles.description}>
                {plan.description}
              </span>
            )}
          </>
        ),
      }}
    />
  )
}
