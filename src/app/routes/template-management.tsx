import { TemplateManagement } from '@/features/templates/components/template-management'

export default function Page() {
  return <TemplateManagement />
}
