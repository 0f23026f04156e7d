import { useCreditBalance } from '@/features/credits/api/get-credit-balance'
import { AddCreditDialog } from '@/features/credits/components/add-credit-dialog'
import { CreateJobWizard } from '@/features/create-job/components/create-job-wizard'
import { useTemplates } from '@/features/templates/api/get-templates'

/** The wizard, given the clerk's balance, default template and the shell's Add Credit dialog. */
export default function Page() {
  const balance = useCreditBalance()
  const templates = useTemplates()
  const template = { name: templates.data ? (templates.data[0]?.template_name ?? null) : undefined, failed: templates.isError }
  return <CreateJobWizard credits={{ balance: balance.data, failed: balance.isError }} template={template} AddCreditDialog={AddCreditDialog} />
}
