// Renders the app icons from one drawing with the system Chromium, so no image tool is needed.
// Run after changing the mark: `npx tsx scripts/render-icons.ts` (the PNGs are committed).
import { writeFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium.ts'

// "any" icons: a rounded tile. Maskable: the tile fills the square, the glyph stays inside the
// central 80% safe zone the platform may crop to.
function drawing(size: number, maskable: boolean): string {
  const glyphScale = maskable ? 0.62 : 0.8
  const offset = (64 - 64 * glyphScale) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="#0f6cbd"/>
  <g transform="translate(${offset} ${offset}) scale(${glyphScale})">
    <rect x="26" y="10" width="12" height="25" rx="6" fill="#fff"/>
    <path d="M18 29a14 14 0 0 0 28 0" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
    <path d="M32 43v9M23 52h18" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
  </g></svg>`
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
const page = await browser.newPage()
for (const [file, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
] as const) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${drawing(size, maskable)}`)
  await writeFile(`public/icons/${file}`, await page.locator('svg').screenshot({ omitBackground: true }))
}
await browser.close()
