import { TermsPage } from '@/features/auth/components/terms-page'

export default function Page() {
  return <TermsPage />
}
