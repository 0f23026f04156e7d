// The recharge statement (portal-spec.md §7: GET /files/15/{recharge_report}, a blob), saved in the
// browser under a name a clerk recognises (the path's own name is the clerk's id), the one the server
// gives it too: "InspectScribe recharge statement <date>.pdf".
import { useMutation } from '@tanstack/react-query'
import { downloadFile, FILE_KIND } from '@/lib/api-client'
import { ADD_CREDIT_TEXT } from '../messages'

/** The UTC date, as the server's Content-Disposition has it: near midnight both name the same day. */
export function rechargeReportFileName(now = new Date()): string {
  return `InspectScribe recharge statement ${now.toISOString().slice(0, 10)}.pdf`
}

export function downloadRechargeReport(path: string): Promise<void> {
  return downloadFile({ kind: FILE_KIND.rechargeReport, path, failureMessage: ADD_CREDIT_TEXT.reportDownloadFailed, fileName: rechargeReportFileName() })
}

export function useDownloadRechargeReport() {
  return useMutation({ mutationFn: downloadRechargeReport })
}
