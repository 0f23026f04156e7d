// The User Profile dialog (portal-spec.md §2 "Dialogs of the shell", §5 Profile, §8 Profile): name and
// email read-only; company, phone and address editable; Update only when one of those changed.
import { useId, useState, type FormEvent } from 'react'
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Textarea, tokens } from '@fluentui/react-components'
import { TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { AppDialog } from '@/components/app-dialog'
import { failureText, gotNoAnswer } from '@/lib/failure-text'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'
import { PROFILE_TEXT as TEXT } from '../messages'

/** The contract's limits for the editable fields (contract/profile.ts). */
const PHONE_MAX_LENGTH = 30
const ADDRESS_MAX_LENGTH = 500

type Editable = { company_name: string; phone_number: string; address: string }
const EDITABLE: (keyof Editable)[] = ['company_name', 'phone_number', 'address']

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
})

function loadFailureText(error: unknown): string {
  return gotNoAnswer(error) ? TEXT.loadNetwork : TEXT.loadFailed
}

function updateFailureText(error: unknown): string {
  return failureText(error, { network: TEXT.updateNetwork, fallback: TEXT.updateFailed })
}

export interface UserProfileDialogProps {
  open: boolean
  onClose: () => void
}

/** Give it a new key for each opening, so that it starts from the profile as the server has it. */
export function UserProfileDialog({ open, onClose }: UserProfileDialogProps) {
  const styles = useStyles()
  const formId = useId()
  const profile = useProfile()
  const update = useUpdateProfile()
  const [draft, setDraft] = useState<Partial<Editable>>({})
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  const loaded = profile.data
  const value = (field: keyof Editable) => draft[field] ?? loaded?.[field] ?? ''
  const changed = !!loaded && EDITABLE.some((field) => value(field) !== loaded[field])

  const edit = (field: keyof Editable, next: string) => {
    setDraft((current) => ({ ...current, [field]: next }))
    setError(null)
    setDone(false)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!loaded || !changed || update.isPending) return
    setError(null)
    setDone(false)
    update.mutate(
      { full_name: loaded.full_name, company_name: value('company_name').trim(), phone_number: value('phone_number').trim(), address: value('address').trim() },
      {
        onSuccess: (answer) => {
          // A 2xx without success is the server refusing in its own words.
          if (answer?.success === false) return setError(answer.message || TEXT.updateFailed)
          // The profile now holds what was sent (trimmed), so the fields show it and Update turns off.
          setDraft({})
          setDone(true)
        },
        onError: (failure) => setError(updateFailureText(failure)),
      },
    )
  }

  let body
  if (!loaded && profile.isError) {
    body = (
      <MessageBar intent="error" role="alert" aria-labelledby={undefined}>
        <MessageBarBody>{loadFailureText(profile.error)}</MessageBarBody>
      </MessageBar>
    )
  } else if (!loaded) {
    body = <Spinner size="small" label={TEXT.loading} />
  } else {
    body = (
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {error && (
          <MessageBar intent="error" role="alert" aria-labelledby={undefined}>
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {done && (
          <MessageBar intent="success" role="status" aria-labelledby={undefined}>
            <MessageBarBody>{TEXT.success}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.row}>
          <Field label={TEXT.fullName}>
            <Input readOnly appearance="filled-darker" value={loaded.full_name} autoComplete="name" />
          </Field>
          <Field label={TEXT.email}>
            <Input readOnly appearance="filled-darker" type="email" value={loaded.email} autoComplete="email" />
          </Field>
        </div>
        <p className={styles.hint}>{TEXT.readOnlyHint}</p>
        <div className={styles.row}>
          <Field label={TEXT.companyName}>
            <Input
              name="company_name"
              autoComplete="organization"
              value={value('company_name')}
              maxLength={TEXT_INPUT_MAX_LENGTH}
              onChange={(_, data) => edit('company_name', data.value)}
            />
          </Field>
          <Field label={TEXT.phoneNumber}>
            <Input
              name="phone_number"
              type="tel"
              autoComplete="tel"
              value={value('phone_number')}
              maxLength={PHONE_MAX_LENGTH}
              onChange={(_, data) => edit('phone_number', data.value)}
            />
          </Field>
        </div>
        <Field label={TEXT.address}>
          <Textarea
            name="address"
            autoComplete="street-address"
            resize="vertical"
            value={value('address')}
            maxLength={ADDRESS_MAX_LENGTH}
            onChange={(_, data) => edit('address', data.value)}
          />
        </Field>
      </form>
    )
  }

  return (
    <AppDialog
      open={open}
      title={TEXT.title}
      onClose={onClose}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{TEXT.cancel}</Button>
          <Button appearance="primary" type="submit" form={formId} disabled={!changed} disabledFocusable={update.isPending}>
            {update.isPending ? TEXT.updating : TEXT.update}
          </Button>
        </>
      }
    >
      {body}
    </AppDialog>
  )
}
