// axe on a screen as the clerk sees it (issue 14: axe on every screen of the e2e suite). One call checks
// the page at its current width and at the 820 px tablet width, then puts the width back.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { FOCUS_GUARD_RULE, isFocusGuardHtml } from './focus-guard.ts'
import { expect } from './test.ts'

/** WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices (landmarks, one main, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

export const TABLET_WIDTH = 820

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/**
 * Waits until every running animation and transition has finished (Fluent fades popovers and dialogs
 * in): axe reads colours as they are at that instant, and text half faded in fails its contrast check.
 * Animations that never end (a spinner) are left to run.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * One axe run over what the page shows, every rule included, then the focus guards taken out of
 * `aria-hidden-focus`'s findings (support/focus-guard.ts); any other element it flags still counts.
 * Legacy mode runs axe in the page itself: the default (`runPartial`, then `finishRun` in a blank page
 * it opens) is there to reach cross-origin frames, and the portal under test has none (its frames are
 * the same-origin terms; the card form is the provider's test-mode stand-in, drawn in the page).
 * Opening that page cost about 1.2 s an analysis on a 2-core machine (docs/research/test-suite-time.md).
 */
async function violationsAt(page: Page): Promise<AxeViolation[]> {
  await settled(page)
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze()
  return violations
    .map((violation) => (violation.id === FOCUS_GUARD_RULE ? { ...violation, nodes: violation.nodes.filter((node) => !isFocusGuardHtml(node.html)) } : violation))
    .filter((violation) => violation.nodes.length > 0)
}

/** One line per element: rule, impact, what is wrong, and where. */
function describe(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}: ${node.html}`),
  )
}

/** Fails listing every accessibility violation of what the page shows now, at its width and at 820 px. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 }
  const widths = size.width === TABLET_WIDTH ? [size.width] : [size.width, TABLET_WIDTH]
  for (const width of widths) {
    if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: size.height })
    expect(describe(await violationsAt(page)), `axe on ${screen} at ${width} px`).toEqual([])
  }
  if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size)
}
