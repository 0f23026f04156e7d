// The status tabs (All and the six statuses, portal-spec.md §2, §4). On a narrow screen the tabs that
// do not fit go into a "More" menu at the end of the row (Fluent's Overflow, as in its "TabList with
// overflow" example); the chosen tab has the highest priority, so it always stays in view.
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  makeStyles,
  tokens,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components'
import { ChevronDown16Regular } from '@fluentui/react-icons'
import { JOB_STATUS_LABELS } from '../lib/job-status'
import type { StatusFilter } from '../lib/select-jobs'
import { LIST_TEXT as TEXT } from '../list-messages'

const useStyles = makeStyles({
  // The tab list may shrink below its content: Overflow measures it and hides what does not fit.
  tabs: { minWidth: 0, overflow: 'hidden' },
  more: { minWidth: 'auto', alignSelf: 'center', marginInlineStart: tokens.spacingHorizontalXS },
})

const STATUS_TABS: { value: StatusFilter; label: string }[] = [{ value: 'all', label: TEXT.allTab }, ...JOB_STATUS_LABELS.map((label) => ({ value: label, label }))]

export interface JobStatusTabsProps {
  status: StatusFilter
  onStatusChange: (status: StatusFilter) => void
}

export function JobStatusTabs({ status, onStatusChange }: JobStatusTabsProps) {
  const styles = useStyles()
  return (
    <Overflow minimumVisible={1}>
      <TabList className={styles.tabs} aria-label={TEXT.statusTabs} selectedValue={status} onTabSelect={(_, data) => onStatusChange(data.value as StatusFilter)}>
        {STATUS_TABS.map((tab) => (
          <OverflowItem key={tab.value} id={tab.value} priority={tab.value === status ? 2 : 1}>
            <Tab value={tab.value}>{tab.label}</Tab>
          </OverflowItem>
        ))}
        <MoreTabsMenu onStatusChange={onStatusChange} />
      </TabList>
    </Overflow>
  )
}

/** The tabs that do not fit, as a menu; absent while every tab fits. */
function MoreTabsMenu({ onStatusChange }: { onStatusChange: (status: StatusFilter) => void }) {
  const styles = useStyles()
  const { ref, isOverflowing, overflowCount } = useOverflowMenu<HTMLButtonElement>()
  if (!isOverflowing) return null
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button ref={ref} className={styles.more} appearance="transparent" icon={<ChevronDown16Regular />} iconPosition="after" role="tab" aria-label={TEXT.moreTabs(overflowCount)}>
          {TEXT.more}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {STATUS_TABS.map((tab) => (
            <HiddenTabItem key={tab.value} value={tab.value} label={tab.label} onSelect={onStatusChange} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

function HiddenTabItem({ value, label, onSelect }: { value: StatusFilter; label: string; onSelect: (status: StatusFilter) => void }) {
  const visible = useIsOverflowItemVisible(value)
  if (visible) return null
  return <MenuItem onClick={() => onSelect(value)}>{label}</MenuItem>
}
