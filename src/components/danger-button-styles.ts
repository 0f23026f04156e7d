// The look of an irreversible action's button (delete a job, a template, the account): a primary
// button in the danger red, the same in every such dialog. Use as
// <Button appearance="primary" className={useDangerButtonStyles().danger}>.
import { makeStyles, tokens } from '@fluentui/react-components'

export const useDangerButtonStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorStatusDangerForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
})
