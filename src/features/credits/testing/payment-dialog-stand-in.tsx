// The Payment dialog as the Add Credit tests see it: another part of issue 13 with its own tests, so
// here a stand-in with its props shows which plan Add Credit handed over. Used as
// `vi.mock('./payment-dialog', () => import('../testing/payment-dialog-stand-in'))`.
import { AppDialog } from '@/components/app-dialog'
import type { PaymentDialogProps } from '../components/payment-dialog'

export function PaymentDialog({ open, plan, onClose }: PaymentDialogProps) {
  return (
    <AppDialog open={open} title="Payment" onClose={onClose} maxWidth="sm">
      <p>{plan ? `Paying for plan ${plan.id}: ${plan.name}` : 'Paying the default amount'}</p>
    </AppDialog>
  )
}
