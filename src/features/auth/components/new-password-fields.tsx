// A new password with its rules, strength hint and confirmation: Complete Profile and Reset Password.
// Each field has a Show toggle, as the sign-in page's password has: a long new password typed twice on
// a tablet's keyboard is easier to get right when it can be seen.
import { useState } from 'react'
import { Button, Field, Input, type InputProps } from '@fluentui/react-components'
import { TEXT_INPUT_MAX_LENGTH } from '@contract/password-rules.ts'
import { PasswordStrengthHint } from '@/components/password-strength-hint'
import { PASSWORD_TEXT } from '../messages'

export interface NewPasswordFieldsProps {
  passwordLabel: string
  passwordName: string
  confirmLabel: string
  password: string
  confirmPassword: string
  onPasswordChange: (value: string) => void
  onConfirmPasswordChange: (value: string) => void
}

type PasswordInputProps = Omit<InputProps, 'onChange' | 'type'> & { label: string; value: string; onChange: (value: string) => void }

/**
 * A password input with its Show/Hide toggle; `label` names the toggle ("Show confirm password"). The
 * rest of its props (the id, description and validity the Field gives its control) go to the input.
 */
function PasswordInput({ label, value, onChange, ...inputProps }: PasswordInputProps) {
  const [shown, setShown] = useState(false)
  return (
    <Input
      {...inputProps}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      value={value}
      maxLength={TEXT_INPUT_MAX_LENGTH}
      onChange={(_, data) => onChange(data.value)}
      contentAfter={
        <Button appearance="transparent" size="small" aria-label={shown ? PASSWORD_TEXT.hideName(label) : PASSWORD_TEXT.showName(label)} onClick={() => setShown((now) => !now)}>
          {shown ? PASSWORD_TEXT.hide : PASSWORD_TEXT.show}
        </Button>
      }
    />
  )
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <div>
        <Field label={props.passwordLabel} required hint={PASSWORD_TEXT.rules}>
          <PasswordInput label={props.passwordLabel} name={props.passwordName} value={props.password} onChange={props.onPasswordChange} />
        </Field>
        <PasswordStrengthHint password={props.password} />
      </div>
      <Field label={props.confirmLabel} required>
        <PasswordInput label={props.confirmLabel} name="confirm_password" value={props.confirmPassword} onChange={props.onConfirmPasswordChange} />
      </Field>
    </>
  )
}
