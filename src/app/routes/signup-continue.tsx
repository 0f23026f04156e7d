import { QueryProvider } from '../query-provider'
import { CompleteProfileForm } from '@/features/auth/components/complete-profile-form'

export default function Page() {
  return (
    <QueryProvider>
      <CompleteProfileForm />
    </QueryProvider>
  )
}
