// The shell's word that the connection is gone: the pages then show what this device stored (the
// job list, the lookups, the Create Job draft), and the session is not ended by an expired token
// (docs/decisions/session-without-a-connection.md). The live region stays on the
// page so that the words are announced when they appear.
import { makeStyles, tokens } from '@fluentui/react-components'
import { StatusMessage } from '@/components/status-message'
import { useOnlineStatus } from '@/lib/use-online-status'

export const OFFLINE_BANNER_TEXT = 'You are offline. Showing what was stored on this device.'

const useStyles = makeStyles({
  region: { ':not(:empty)': { marginBottom: tokens.spacingVerticalL } },
})

export function OfflineBanner() {
  const styles = useStyles()
  const online = useOnlineStatus()
  return (
    <div role="status" className={styles.region}>
      {!online && (
        <StatusMessage intent="warning" role={null}>
          {OFFLINE_BANNER_TEXT}
        </StatusMessage>
      )}
    </div>
  )
}
