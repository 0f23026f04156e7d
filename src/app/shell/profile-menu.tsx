// The header's profile menu (portal-spec.md §2 Application shell): Profile and Logout, and with them
// Change Password and Delete Account, each opening its dialog. It composes the profile and account
// features with the auth feature's logout; features never import each other.
import { lazy, Suspense, useRef, useState } from 'react'
import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  type MenuOpenChangeData,
  type MenuOpenEvent,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
  useId,
} from '@fluentui/react-components'
import { Delete24Regular, Key24Regular, Person24Regular, SignOut24Regular } from '@fluentui/react-icons'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { logout } from '@/features/auth/api/logout'
import { useProfile } from '@/features/profile/api/get-profile'

// The dialogs load on their first opening, not with the shell (docs/decisions/first-paint-budgets-and-bench.md).
const DeleteAccountDialog = lazy(() => import('@/features/account/components/delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })))
const ChangePasswordDialog = lazy(() => import('@/features/profile/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })))
const UserProfileDialog = lazy(() => import('@/features/profile/components/user-profile-dialog').then((m) => ({ default: m.UserProfileDialog })))

export const PROFILE_MENU_TEXT = {
  trigger: 'Profile menu',
  /** portal-spec.md §8 Profile. */
  loadFailed: 'Could not load profile data',
  profile: 'Profile',
  changePassword: 'Change Password',
  deleteAccount: 'Delete Account',
  logout: 'Logout',
} as const
const TEXT = PROFILE_MENU_TEXT

const useStyles = makeStyles({
  trigger: { maxWidth: '260px', minWidth: 'auto', paddingInline: tokens.spacingHorizontalS },
  name: {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 768px)': { display: 'none' },
  },
  head: {
    display: 'grid',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    maxWidth: '260px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    marginBottom: tokens.spacingVerticalXS,
  },
  headName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  headEmail: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  headError: { fontSize: tokens.fontSizeBase200, color: tokens.colorStatusDangerForeground1 },
  danger: { color: tokens.colorStatusDangerForeground1 },
  // The screen under the open menu (the menu's popover comes after it, so is painted over it). Placed
  // in the sticky header rather than fixed to the screen, it covers the screen wherever the page is
  // scrolled, and axe's target-size check, which compares a control only with what is placed in the
  // same layer (fixed elements are another), sees it cover what lies under the menu.
  shield: { position: 'absolute', top: 0, left: 0, width: '100%', height: '100dvh' },
})

type OpenDialog = 'profile' | 'password' | 'delete' | null

export function ProfileMenu() {
  const styles = useStyles()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const profile = useProfile()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  // Each opening gets a fresh dialog (empty fields, no old message); closing keeps it mounted so
  // Fluent closes it properly and gives the page back to assistive technology.
  const [opening, setOpening] = useState(0)
  const [opened, setOpened] = useState<ReadonlySet<Exclude<OpenDialog, null>>>(() => new Set())
  const [leaving, setLeaving] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const shieldRef = useRef<HTMLDivElement>(null)
  const name = profile.data?.full_name
  // The button is named by what it shows, then what it is: "JF Jordan Fieldclerk Profile menu" (WCAG
  // 2.5.3, the visible initials and name start the accessible name, so a voice command "click JF" works).
  const initialsId = useId('profile-initials-')
  const nameId = useId('profile-name-')
  const triggerId = useId('profile-trigger-')

  /** Ends the session here and on the server, forgets cached data, and goes to /login (spec §2). */
  const signOut = async () => {
    if (leaving) return
    setLeaving(true)
    await logout()
    queryClient.clear()
    navigate('/login', { replace: true })
  }
  const show = (next: Exclude<OpenDialog, null>) => {
    setOpened((current) => new Set(current).add(next))
    setOpening((count) => count + 1)
    setDialog(next)
  }
  const close = () => setDialog(null)
  // Fluent closes a menu when a touch starts outside it; the shield would then be gone and the click
  // ending that touch would land on whatever lies under it. A touch on the shield waits for its click.
  const onMenuOpenChange = (event: MenuOpenEvent, data: MenuOpenChangeData) => {
    if (!data.open && event.type === 'touchstart' && event.target === shieldRef.current) return
    setMenuOpen(data.open)
  }

  return (
    <>
      {/* Inline: the popover stays inside the header's banner landmark, where its name and e-mail belong. */}
      {/* While the menu is open a tap beside it only closes it: nothing half hidden under the menu (a
          sliver of the filters' Reset dates on My Jobs at some widths) can be hit by a tap aimed at
          the menu or meant to close it (docs/decisions/accessibility-100-on-my-jobs.md). */}
      {/* Its click handler also makes it a target of its own for the browser's touch adjustment, which
          would otherwise move a tap just beside the menu onto the nearest menu item (Logout, seen in Chromium). */}
      {menuOpen && <div ref={shieldRef} className={styles.shield} aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <Menu positioning="below-end" inline open={menuOpen} onOpenChange={onMenuOpenChange}>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            className={styles.trigger}
            aria-labelledby={`${initialsId} ${nameId} ${triggerId}`}
            icon={<Avatar name={name} initials={{ id: initialsId }} size={28} color="colorful" aria-hidden="true" />}
          >
            {name && (
              <>
                {/* A space after the initials, as they are seen: the button's text reads "JF Jordan Fieldclerk",
                    not "JFJordan Fieldclerk" (a gap between flex items is no space to a text reader). */}{' '}
                <span id={nameId} className={styles.name}>
                  {name}
                </span>
              </>
            )}
            <span id={triggerId} hidden>
              {TEXT.trigger}
            </span>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          {profile.data ? (
            <div className={styles.head}>
              <span className={styles.headName}>{profile.data.full_name}</span>
              <span className={styles.headEmail}>{profile.data.email}</span>
            </div>
          ) : (
            profile.isError && (
              <div className={styles.head}>
                <span className={styles.headError}>{TEXT.loadFailed}</span>
              </div>
            )
          )}
          <MenuList>
            <MenuItem icon={<Person24Regular />} onClick={() => show('profile')}>
              {TEXT.profile}
            </MenuItem>
            <MenuItem icon={<Key24Regular />} onClick={() => show('password')}>
              {TEXT.changePassword}
            </MenuItem>
            <MenuItem icon={<Delete24Regular />} className={styles.danger} onClick={() => show('delete')}>
              {TEXT.deleteAccount}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOut24Regular />} disabled={leaving} onClick={() => void signOut()}>
              {TEXT.logout}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {/* Each mounted from its first opening on (its chunk is fetched then), each in its own boundary
          so that one loading never hides another. */}
      {opened.has('profile') && (
        <Suspense fallback={null}>
          <UserProfileDialog key={`profile-${opening}`} open={dialog === 'profile'} onClose={close} />
        </Suspense>
      )}
      {opened.has('password') && (
        <Suspense fallback={null}>
          <ChangePasswordDialog key={`password-${opening}`} open={dialog === 'password'} onClose={close} />
        </Suspense>
      )}
      {opened.has('delete') && (
        <Suspense fallback={null}>
          <DeleteAccountDialog key={`delete-${opening}`} open={dialog === 'delete'} onClose={close} onDeleted={() => void signOut()} />
        </Suspense>
      )}
    </>
  )
}
