// The Payment dialog (portal-spec.md §2, §4 "Payment dialog"): the card form for one recharge plan, or
// the default payment when no plan is chosen. Opened from Add Credit, on top of it.
// SCAFFOLD for issue 13: the payments change replaces this body; the props are the contract between
// the Add Credit dialog and this one.
import type { RechargePlan } from '@contract/lookups.ts'
import { AppDialog } from '@/components/app-dialog'

export interface PaymentDialogProps {
  open: boolean
  /** The plan to buy; null: the default payment (DEFAULT_PAYMENT_CREDITS). */
  plan: RechargePlan | null
  onClose: () => void
}

export function PaymentDialog({ open, onClose }: PaymentDialogProps) {
  return (
    <AppDialog open={open} title="Payment" onClose={onClose} maxWidth="sm">
      {null}
    </AppDialog>
  )
}
