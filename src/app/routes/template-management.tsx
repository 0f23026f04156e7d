import { PageTitle } from '@/components/page-title'

export default function Page() {
  return <PageTitle>Template Management</PageTitle>
}
