import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'

export default function Page() {
  return <ForgotPasswordForm />
}
