import { makeStyles, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router-dom'

const useStyles = makeStyles({
  main: { padding: tokens.spacingHorizontalXXL, minHeight: '100dvh', boxSizing: 'border-box' },
})

/** The frame of the signed-in pages (the full shell with sidebar and header comes with the shell). */
export default function Page() {
  const styles = useStyles()
  return (
    <main className={styles.main}>
      <Outlet />
    </main>
  )
}
