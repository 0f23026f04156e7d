import { QueryProvider } from '../query-provider'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

export default function Page() {
  return (
    <QueryProvider>
      <ResetPasswordForm />
    </QueryProvider>
  )
}
