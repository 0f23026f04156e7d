import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router-dom'
import { BrandMark } from '@/components/brand-mark'
import { InactivityGuard } from '@/features/auth/components/inactivity-guard'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { useProfile } from '@/features/profile/api/get-profile'

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  grow: { flexGrow: 1 },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  main: { padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
})

/** The frame of the signed-in pages. The full shell (sidebar, bell, profile menu) replaces this header. */
export default function AppFrame() {
  const styles = useStyles()
  const profile = useProfile()
  return (
    <InactivityGuard>
      <header className={styles.header}>
        <BrandMark size={28} />
        <Text weight="semibold" size={400} className={styles.grow}>
          InspectScribe
        </Text>
        {profile.data && <Text aria-label="Signed in as" className={styles.name}>{profile.data.full_name}</Text>}
        <LogoutButton />
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </InactivityGuard>
  )
}
