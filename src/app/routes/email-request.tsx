import { PageTitle } from '@/components/page-title'

export default function Page() {
  return <PageTitle>Check your email</PageTitle>
}
