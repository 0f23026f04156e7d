// The clerk's template (portal-spec.md §2: one template, with a delete icon), with a download button
// that saves the file under its own name (§7, §8 "Downloads").
import { useState } from 'react'
import { Button, Spinner, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular, Delete20Regular, DocumentText24Regular } from '@fluentui/react-icons'
import type { Template } from '@contract/templates.ts'
import { ApiError } from '@/lib/api-client'
import { fileBaseName, useDownloadTemplate } from '../api/download-template'
import { useTemplates } from '../api/get-templates'
import { TEMPLATE_TEXT as TEXT } from '../messages'
import { DeleteTemplateDialog } from './delete-template-dialog'
import { StatusMessage } from '@/components/status-message'

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  icon: { flexShrink: 0, color: tokens.colorBrandForeground1 },
  text: { flexGrow: 1, minWidth: 0, display: 'grid', gap: tokens.spacingVerticalXXS },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  file: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexShrink: 0, gap: tokens.spacingHorizontalXS },
  remove: { color: tokens.colorPaletteRedForeground1 },
  loading: { justifyContent: 'flex-start' },
  empty: { margin: 0, color: tokens.colorNeutralForeground2 },
})

export function TemplateList({ onDeleted }: { onDeleted: () => void }) {
  const styles = useStyles()
  const templates = useTemplates()
  const download = useDownloadTemplate()
  const [asked, setAsked] = useState<{ template: Template; open: boolean } | null>(null)

  const onDownload = (template: Template) =>
    download.mutate(template.template_file, {
      onError: (error) => {
        // A 403 ended the session, and the transport's forbidden handler has sent the clerk to sign in.
        if (error instanceof ApiError && error.status === 403) return
        window.alert(TEXT.downloadFailed)
      },
    })

  const body = () => {
    if (templates.isPending) return <Spinner className={styles.loading} size="small" labelPosition="after" label={TEXT.loadingList} />
    if (templates.isError)
      return (
        <StatusMessage intent="error" role="alert">
          {TEXT.listFailed}
        </StatusMessage>
      )
    if (templates.data.length === 0) return <p className={styles.empty}>{TEXT.empty}</p>
    return (
      <ul className={styles.list}>
        {templates.data.map((template) => {
          const downloading = download.isPending && download.variables === template.template_file
          return (
            <li key={template.id} className={styles.item}>
              <DocumentText24Regular className={styles.icon} />
              <div className={styles.text}>
                <span className={styles.name}>{template.template_name}</span>
                <span className={styles.file}>{fileBaseName(template.template_file)}</span>
              </div>
              <div className={styles.actions}>
                <Tooltip content={TEXT.download(template.template_name)} relationship="label" withArrow>
                  <Button
                    appearance="subtle"
                    icon={downloading ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
                    disabledFocusable={downloading}
                    onClick={() => onDownload(template)}
                  />
                </Tooltip>
                <Tooltip content={TEXT.remove(template.template_name)} relationship="label" withArrow>
                  <Button appearance="subtle" className={styles.remove} icon={<Delete20Regular />} onClick={() => setAsked({ template, open: true })} />
                </Tooltip>
              </div>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <>
      {body()}
      {/* Mounted from the first question on, whatever the list shows: a successful delete empties the
          list before the dialog has closed, and a Fluent dialog unmounted while open leaves the page
          aria-hidden in Chromium. */}
      {asked && (
        <DeleteTemplateDialog
          template={asked.template}
          open={asked.open}
          onClose={() => setAsked((current) => current && { ...current, open: false })}
          onDeleted={onDeleted}
        />
      )}
    </>
  )
}
