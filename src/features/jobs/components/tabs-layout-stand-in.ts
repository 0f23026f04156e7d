// Test support: jsdom lays nothing out, so every element measures 0 px and Fluent's Overflow, asked
// to fit the status tabs into a 0 px row, hides all but one of them. This stand-in gives the tab
// list and its tabs the widths a browser would (restored after each test of the calling file).
import { afterEach, beforeEach } from 'vitest'

export interface TabsWidths {
  /** The tab list's inner width. */
  list: number
  /** Each tab's width, the More button's included. */
  tab: number
}

/** Lays the status tabs out at `widths` for each test of the calling file; `widths` may be changed between tests. */
export function layOutTabs(widths: TabsWidths): void {
  const saved = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  }
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'tablist' ? widths.list : 0
      },
    })
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'tab' ? widths.tab : 0
      },
    })
  })
  afterEach(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name]
    }
  })
}
