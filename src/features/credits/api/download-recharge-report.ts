// The recharge statement (portal-spec.md §7: GET /files/15/{recharge_report}, a blob), saved in the
// browser by the portal's transport under the path's base name.
import { useMutation } from '@tanstack/react-query'
import { downloadFile, FILE_KIND } from '@/lib/api-client'
import { ADD_CREDIT_TEXT } from '../messages'

export function downloadRechargeReport(path: string): Promise<void> {
  return downloadFile({ kind: FILE_KIND.rechargeReport, path, failureMessage: ADD_CREDIT_TEXT.reportFetchFailed })
}

export function useDownloadRechargeReport() {
  return useMutation({ mutationFn: downloadRechargeReport })
}
