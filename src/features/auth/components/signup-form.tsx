// Start of sign-up (portal-spec.md §2 Signup, §5, §8): name and e-mail, and agreement to the terms.
// The server e-mails a link that continues at /signup/continue.
import { useState, type FormEvent, type MouseEvent } from 'react'
import { Button, Checkbox, Field, Input, Link, useRestoreFocusTarget } from '@fluentui/react-components'
import { useHref, useNavigate } from 'react-router-dom'
import { Type, type Static } from 'typebox'
import { TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { PageTitle } from '@/components/page-title'
import { removeLocal, useLocalRecord } from '@/lib/local-db'
import { useSignupRequest } from '../api/signup-request'
import { failureText } from '@/lib/failure-text'
import { SIGNUP_TEXT as TEXT } from '../messages'
import { useAuthFormStyles } from './auth-form-styles'
import { StatusMessage } from '@/components/status-message'
import { RouterLink } from './router-link'
import { TermsDialog } from './terms-dialog'

/**
 * The form as typed, kept in the browser's local database (src/lib/local-db.ts) so it survives a detour
 * (to the terms, or another tab). It arrives just after the first render; if the person has typed
 * by then, what they typed stays and is kept instead.
 */
const SignupDraft = Type.Object({ fullName: Type.String(), email: Type.String(), agreed: Type.Boolean() })
export type SignupDraft = Static<typeof SignupDraft>

export const SIGNUP_DRAFT_STORE = 'drafts'
export const SIGNUP_DRAFT_ID = 'signup'

const EMPTY_DRAFT: SignupDraft = { fullName: '', email: '', agreed: false }

function signupFailureText(error: unknown): string {
  // The spec names no network text for this step: a failed connection reads as the general failure.
  return failureText(error, { network: TEXT.failed, fallback: TEXT.failed, invalidAnswer: TEXT.notSuccessful, byCode: { email_taken: TEXT.emailExists } })
}

export function SignupForm() {
  const styles = useAuthFormStyles()
  const navigate = useNavigate()
  const termsHref = useHref('/terms')
  const { value: draft, change: changeDraft } = useLocalRecord(SIGNUP_DRAFT_STORE, SIGNUP_DRAFT_ID, SignupDraft, EMPTY_DRAFT)
  const [termsOpen, setTermsOpen] = useState(false)
  // Closing the terms dialog gives focus back to the link that opened it.
  const returnFocusHere = useRestoreFocusTarget()
  const [error, setError] = useState<string | null>(null)
  const signup = useSignupRequest()

  const update = (change: Partial<SignupDraft>) => changeDraft((current) => ({ ...current, ...change }))

  const openTerms = (event: MouseEvent) => {
    // The link sits inside the checkbox's label: opening the terms must not tick the box.
    event.preventDefault()
    event.stopPropagation()
    setTermsOpen(true)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (signup.isPending) return
    const fullName = draft.fullName.trim()
    const email = draft.email.trim()
    if (!fullName || !email) return setError(TEXT.required)
    if (!draft.agreed) return setError(TEXT.mustAgree)
    setError(null)
    signup.mutate(
      { full_name: fullName, email },
      {
        onSuccess: (answer) => {
          if (answer?.success !== true) return setError(answer?.message || TEXT.notSuccessful)
          void removeLocal(SIGNUP_DRAFT_STORE, SIGNUP_DRAFT_ID)
          navigate('/emailrequest', { state: { name: fullName, email } })
        },
        onError: (failure) => setError(signupFailureText(failure)),
      },
    )
  }

  return (
    <>
      <PageTitle>{TEXT.title}</PageTitle>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{TEXT.intro}</p>
        {error && <StatusMessage intent="error">{error}</StatusMessage>}
        <Field label={TEXT.fullName} required>
          <Input
            name="full_name"
            autoComplete="name"
            value={draft.fullName}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => update({ fullName: data.value })}
          />
        </Field>
        <Field label={TEXT.email} required>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={draft.email}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => update({ email: data.value })}
          />
        </Field>
        <Checkbox
          checked={draft.agreed}
          onChange={(_, data) => update({ agreed: data.checked === true })}
          label={
            <>
              {TEXT.agreeBefore}
              <Link href={termsHref} onClick={openTerms} {...returnFocusHere}>
                {TEXT.termsLink}
              </Link>
            </>
          }
        />
        <Button
          className={styles.submit}
          appearance="primary"
          type="submit"
          size="large"
          disabled={!draft.agreed}
          disabledFocusable={draft.agreed && signup.isPending}
        >
          {signup.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
        <p className={styles.footer}>
          {TEXT.signInPrompt} <RouterLink to="/login">{TEXT.signIn}</RouterLink>
        </p>
      </form>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
    </>
  )
}
