// Starts a prerendered document's scripts once its screen has been painted (login.html, my-jobs.html:
// scripts/screen-scripts.ts writes this script's tag, naming the entry and the route's chunks). The
// screen is already in the HTML and needs no script to show; started after its paint, no script can
// look like part of it (docs/decisions/prerendered-documents-scripts.md).
// A classic script, not a module: the browser records when it ran, so it is not taken for one either.
;(() => {
  const tag = document.currentScript
  const entry = tag.dataset.entry
  const preloads = (tag.dataset.preloads || '').split(' ').filter(Boolean)

  // Starting a preload costs the main thread about a millisecond on a slow device: My Jobs' 37 in one
  // go were a 47 ms task in Lighthouse's trace (190 ms at its 4x slowdown, all of it blocking time). A
  // few per task keep each task short; the entry goes first, as everything waits for it.
  const PRELOADS_PER_TASK = 6

  function preloadFrom(first) {
    for (const href of preloads.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = 'anonymous'
      link.href = href
      document.head.append(link)
    }
    if (first + PRELOADS_PER_TASK < preloads.length) setTimeout(preloadFrom, 0, first + PRELOADS_PER_TASK)
  }

  function start() {
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous'
    script.src = entry
    document.head.append(script)
    preloadFrom(0)
  }

  // A form that keeps an early submission (src/lib/early-submit.ts: the sign-in form) and is submitted
  // before the app has taken it over is marked, and submits itself once taken over. The browser has
  // already checked the required fields: an incomplete form fires no submit event. Afterwards the
  // form's own handler resets the mark in the same event.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (form instanceof HTMLFormElement && form.hasAttribute('data-early-submit')) form.setAttribute('data-early-submit', 'pending')
    },
    true,
  )

  // The same for a button that keeps an early tap (src/lib/early-tap.ts: the Filters and navigation
  // toggles): tapped before the app has taken it over, it is marked and applies the tap once it has.
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-early-tap]') : null
      if (button) button.setAttribute('data-early-tap', 'pending')
    },
    true,
  )

  let started = false
  function startOnce() {
    if (started) return
    started = true
    start()
  }

  // The browser reports the first contentful paint once the frame is on screen. A hidden page paints
  // nothing (and a page hidden meanwhile stops painting): its scripts start at once, as they do where
  // paints are not reported.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) startOnce()
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      startOnce()
    }).observe({ type: 'paint', buffered: true })
    document.addEventListener('visibilitychange', startOnce, { once: true })
  }
})()
