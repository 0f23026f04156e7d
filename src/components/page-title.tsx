import { useEffect } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  title: { margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
})

/** The page's heading, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  const styles = useStyles()
  useEffect(() => {
    document.title = `${children} · InspectScribe`
  }, [children])
  return <h1 className={styles.title}>{children}</h1>
}
