import { MyJobsPage } from '@/features/jobs/components/my-jobs-page'

export default function Page() {
  return <MyJobsPage />
}
