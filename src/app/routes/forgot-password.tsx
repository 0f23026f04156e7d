import { QueryProvider } from '../query-provider'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'

export default function Page() {
  return (
    <QueryProvider>
      <ForgotPasswordForm />
    </QueryProvider>
  )
}
