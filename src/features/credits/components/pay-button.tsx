import { Button } from '@fluentui/react-components'
import { PAYMENT_TEXT as TEXT } from '../messages'

/** Both card forms' submit button: "Paying..." and no second press while a confirmation runs. */
export function PayButton({ label, busy, disabled }: { label: string; busy: boolean; disabled: boolean }) {
  // disabledFocusable: the button keeps the focus it had when pressed, so the result is read out from there.
  return (
    <Button appearance="primary" type="submit" disabledFocusable={busy || disabled}>
      {busy ? TEXT.paying : label}
    </Button>
  )
}
