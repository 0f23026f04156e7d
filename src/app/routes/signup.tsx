import { QueryProvider } from '../query-provider'
import { SignupForm } from '@/features/auth/components/signup-form'

export default function Page() {
  return (
    <QueryProvider>
      <SignupForm />
    </QueryProvider>
  )
}
