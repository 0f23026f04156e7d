// The portal's one place for toasts (Fluent's Toaster), rendered by the app's provider above every
// route so that a toast outlives the page that raised it: Create Job's goes through /dashboard (a
// route outside the signed-in frame) to My Jobs. A page raises one with useToastController(APP_TOASTER_ID).
import { Toaster } from '@fluentui/react-components'

export const APP_TOASTER_ID = 'app-toaster'
/** portal-spec.md §9: a toast stays 4 s unless its page says otherwise (the wizard's, 5 s). */
export const DEFAULT_TOAST_MS = 4_000

export function AppToaster() {
  return <Toaster toasterId={APP_TOASTER_ID} position="top-end" timeout={DEFAULT_TOAST_MS} pauseOnHover pauseOnWindowBlur />
}
