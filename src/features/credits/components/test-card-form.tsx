// Test mode's card form (docs/decisions.md, Payments): no keys configured, so the server's test-mode
// provider takes Stripe's published test cards in place of Stripe. It says so in plain sight, and
// lists the test cards with what each does.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import { TEST_CARDS, TEST_MODE_LABEL } from '@contract/payments.ts'
import { payWithTestCard } from '../api/confirm-test-payment'
import type { CardFormProps } from '../lib/card-payment'
import { formatCardNumber, formatExpiry, readTestCard, type TestCardFields, type TestCardProblems } from '../lib/test-card-fields'
import { PAYMENT_TEXT as TEXT } from '../messages'
import { PayButton } from './pay-button'

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  // Expiry and CVC side by side where there is room, one under the other on a phone.
  pair: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
  // An input is as wide as its content by default; on a phone the pair must shrink or wrap instead.
  field: { flex: '1 1 150px', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  cards: { margin: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { margin: `${tokens.spacingVerticalXS} 0`, paddingLeft: tokens.spacingHorizontalXL },
  number: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
})

const FIELD_ORDER = ['cardNumber', 'expiry', 'cvc'] as const

/** What a field shows for what was typed into it: the number in fours, the expiry "MM / YY". */
function shown(field: keyof TestCardFields, typed: string, previous: string): string {
  if (field === 'cardNumber') return formatCardNumber(typed)
  if (field === 'expiry') return formatExpiry(typed, previous)
  return typed
}

export function TestCardForm({ paymentIntentId, clientSecret, payLabel, busy, disabled, onPay, focusFirst }: CardFormProps & { paymentIntentId: string }) {
  const styles = useStyles()
  const headingId = useId()
  const [fields, setFields] = useState<TestCardFields>({ cardNumber: '', expiry: '', cvc: '' })
  const [problems, setProblems] = useState<TestCardProblems>({})
  const inputs = useRef<Partial<Record<keyof TestCardFields, HTMLInputElement | null>>>({})
  useEffect(() => {
    if (focusFirst) inputs.current.cardNumber?.focus()
  }, [focusFirst])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const read = readTestCard(fields)
    setProblems(read.problems ?? {})
    if (read.problems) {
      // To the first field to mend; its message is its description, read out with it.
      const first = FIELD_ORDER.find((field) => read.problems[field])
      if (first) inputs.current[first]?.focus()
      return
    }
    const card = read.card
    onPay(() => payWithTestCard({ client_secret: clientSecret, ...card }, paymentIntentId))
  }

  const input = (field: keyof TestCardFields, autoComplete: string, maxLength: number) => (
    <Input
      ref={(element) => void (inputs.current[field] = element)}
      className={styles.input}
      value={fields[field]}
      autoComplete={autoComplete}
      inputMode="numeric"
      maxLength={maxLength}
      readOnly={busy}
      onChange={(_, data) => {
        setFields((current) => ({ ...current, [field]: shown(field, data.value, current[field]) }))
        setProblems((current) => ({ ...current, [field]: undefined }))
      }}
    />
  )

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={TEXT.cardDetails}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{TEST_MODE_LABEL}</MessageBarBody>
      </MessageBar>
      <Field label={TEXT.cardNumber} required validationMessage={problems.cardNumber}>
        {input('cardNumber', 'cc-number', 23)}
      </Field>
      <div className={styles.pair}>
        <Field className={styles.field} label={TEXT.expiry} required validationMessage={problems.expiry}>
          {input('expiry', 'cc-exp', 7)}
        </Field>
        <Field className={styles.field} label={TEXT.cvc} required validationMessage={problems.cvc}>
          {input('cvc', 'cc-csc', 4)}
        </Field>
      </div>
      <div>
        <PayButton label={payLabel} busy={busy} disabled={disabled} />
      </div>
      <section className={styles.cards} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.heading}>
          {TEXT.testCards}
        </h3>
        <ul className={styles.list}>
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className={styles.number}>{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
        {TEXT.testCardsHint}
      </section>
    </form>
  )
}
