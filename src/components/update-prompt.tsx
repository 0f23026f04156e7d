import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { applyUpdate } from '@/lib/sw-bridge'

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    insetInline: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    maxWidth: '480px',
    marginInline: 'auto',
    zIndex: 1000,
    boxShadow: tokens.shadow16,
  },
})

/** Shown when a new version of the portal has been downloaded and waits to take over. */
export default function UpdatePrompt() {
  const styles = useStyles()
  return (
    <MessageBar className={styles.bar} intent="info" role="status" aria-live="polite">
      <MessageBarBody>A new version is available</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" onClick={applyUpdate}>
          Reload
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
