// The Delete Template dialog (portal-spec.md §2, §5, §8): a warning that the action cannot be undone
// and a confirmation box that must be ticked before Delete can be pressed.
import { useState } from 'react'
import { Button, Checkbox, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import type { Template } from '@contract/templates.ts'
import { AppDialog } from '@/components/app-dialog'
import { useDangerButtonStyles } from '@/components/danger-button-styles'
import { failureText } from '@/lib/failure-text'
import { DELETED_ANSWER, useDeleteTemplate } from '../api/delete-template'
import { TEMPLATE_TEXT as TEXT } from '../messages'
import { StatusMessage } from '@/components/status-message'

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalM },
  text: { margin: 0, overflowWrap: 'anywhere' },
  warning: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
})

/** portal-spec.md §8 Templates: the error message, else "Failed to delete template"; no answer: the general error. */
const failureTexts = { network: TEXT.deleteError, fallback: TEXT.deleteFailed, unexpected: TEXT.deleteError }

export interface DeleteTemplateDialogProps {
  /** The template asked about; kept while the dialog closes so its text does not vanish mid-animation. */
  template: Template
  open: boolean
  onClose: () => void
  onDeleted: () => void
}

export function DeleteTemplateDialog({ template, open, onClose, onDeleted }: DeleteTemplateDialogProps) {
  const styles = useStyles()
  const dangerStyles = useDangerButtonStyles()
  const [confirmed, setConfirmed] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const remove = useDeleteTemplate()

  const close = () => {
    setConfirmed(false)
    setFailure(null)
    onClose()
  }

  const onDelete = () => {
    if (!confirmed || remove.isPending) return
    setFailure(null)
    remove.mutate(template.id, {
      onSuccess: (answer) => {
        if (answer?.message !== DELETED_ANSWER) return setFailure(TEXT.deleteFailed)
        close()
        onDeleted()
      },
      onError: (error) => setFailure(failureText(error, failureTexts)),
    })
  }

  return (
    <AppDialog
      open={open}
      title={TEXT.deleteTitle}
      onClose={close}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={close}>{TEXT.cancel}</Button>
          <Button
            appearance="primary"
            className={dangerStyles.danger}
            icon={remove.isPending ? <Spinner size="tiny" /> : undefined}
            disabled={!confirmed}
            disabledFocusable={confirmed && remove.isPending}
            onClick={onDelete}
          >
            {remove.isPending ? TEXT.deleting : TEXT.deleteButton}
          </Button>
        </>
      }
    >
      <div className={styles.content}>
        {failure && (
          <StatusMessage intent="error" role="alert">
            {failure}
          </StatusMessage>
        )}
        <p className={styles.text}>{TEXT.deleteQuestion(template.template_name)}</p>
        <p className={styles.warning}>{TEXT.deleteWarning}</p>
        <Checkbox
          required
          checked={confirmed}
          disabled={remove.isPending}
          label={TEXT.deleteConfirm}
          onChange={(_, data) => setConfirmed(data.checked === true)}
        />
      </div>
    </AppDialog>
  )
}
