import { CheckEmail } from '@/features/auth/components/check-email'

export default function Page() {
  return <CheckEmail />
}
