// A new password with its rules, strength hint and confirmation: Complete Profile and Reset Password.
import { Field, Input } from '@fluentui/react-components'
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

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <div>
        <Field label={props.passwordLabel} required hint={PASSWORD_TEXT.rules}>
          <Input
            type="password"
            name={props.passwordName}
            autoComplete="new-password"
            value={props.password}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            onChange={(_, data) => props.onPasswordChange(data.value)}
          />
        </Field>
        <PasswordStrengthHint password={props.password} />
      </div>
      <Field label={props.confirmLabel} required>
        <Input
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          value={props.confirmPassword}
          maxLength={TEXT_INPUT_MAX_LENGTH}
          onChange={(_, data) => props.onConfirmPasswordChange(data.value)}
        />
      </Field>
    </>
  )
}
