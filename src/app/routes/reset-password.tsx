import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

export default function Page() {
  return <ResetPasswordForm />
}
