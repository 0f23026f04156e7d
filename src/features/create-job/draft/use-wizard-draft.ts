// The one owner of the wizard's draft: the wizard reads and changes it only through this hook. Today
// it lives in memory for the page's life; the next issue keeps it in IndexedDB (src/lib/local-db.ts)
// here, and nothing else has to change.
import { useReducer, type Dispatch } from 'react'
import { emptyDraft, isDraftDirty, type WizardDraft } from './wizard-draft'
import { wizardReducer, type WizardAction } from './wizard-reducer'

export interface WizardDraftState {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  /** portal-spec.md §4's dirty flag: leaving asks first while it is true. */
  dirty: boolean
}

export function useWizardDraft(): WizardDraftState {
  const [draft, dispatch] = useReducer(wizardReducer, undefined, emptyDraft)
  return { draft, dispatch, dirty: isDraftDirty(draft) }
}
