// The one owner of the wizard's draft: the wizard reads and changes it only through this hook. The
// draft is kept on this device per clerk (./kept-draft.ts, src/lib/clerk-drafts.ts): restored when
// the wizard opens, unless the clerk has already started filling it in; saved as it changes (after
// SAVE_DELAY_MS of quiet for typing, at once when a file is added or removed, and at once when the
// page is hidden); erased when it is reset (submitted, or discarded by the clerk). Without a clerk
// (a token with no subject) it lives in memory only.
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react'
import { askToKeepStorage, fitsInRoom, roomLeft } from '@/lib/device-storage'
import { eraseClerkDraft } from '@/lib/clerk-drafts'
import { dropRecordingsKeptAsFiles } from '@/lib/recording-chunks'
import { currentClerk } from '@/lib/session'
import { createDraftSaver, draftWritesDone } from './draft-saver'
import { draftFiles, restoreDraft, saveDraft } from './kept-draft'
import { emptyDraft, isDraftDirty, type WizardDraft } from './wizard-draft'
import { wizardReducer, type WizardAction } from './wizard-reducer'

/** What the clerk is told about the draft kept on this device. */
export interface DraftKeeping {
  /** When the restored draft had been saved (ms), while it is shown. */
  restoredAt: number | null
  /** Bytes this device may still store, or null when unknown. */
  room: number | null
  /** Names of files that are used now but are not kept on this device (no room). */
  notKept: string[]
  /** The last save failed: 'full' for lack of room, 'refused' otherwise. */
  saveFailed: 'full' | 'refused' | null
}

export interface WizardDraftState {
  draft: WizardDraft
  dispatch: Dispatch<WizardAction>
  /** portal-spec.md §4's dirty flag: leaving asks first while it is true. */
  dirty: boolean
  keeping: DraftKeeping
  /**
   * The kept draft has been looked for (and restored when there was one). Until then the wizard shows
   * no field: a keystroke before the restore would otherwise be saved over the kept draft and its audio.
   */
  loaded: boolean
  /** Empties the wizard and erases the kept draft at once (Discard draft, Cancel Job then Leave). */
  discard: () => void
}

type SaveJob = { kind: 'save'; draft: WizardDraft } | { kind: 'erase' }

const fileIds = (draft: WizardDraft) => draftFiles(draft).map((file) => file.id).join('\n')

type KeepingChange = (now: DraftKeeping) => DraftKeeping

/**
 * The saver of the clerk's draft, and the room last measured: a file that would not fit in it is not
 * written (the clerk is told), and the room is measured again after each save.
 */
function createKeeper(clerk: string | null) {
  /**
   * Who is told what a save found: the wizard while it is on the page. A save still running when it
   * leaves (the flush on unmount) finishes its writes but measures nothing and tells no one: a state
   * update after unmount would reach a React root that may be gone, and nothing reads the room then.
   */
  let listener: ((change: KeepingChange) => void) | null = null
  const report = (change: KeepingChange) => listener?.(change)
  const keeper = {
    room: null as number | null,
    listen: (to: (change: KeepingChange) => void) => {
      listener = to
      return () => {
        listener = null
      }
    },
    measureRoom: async () => (keeper.room = await roomLeft()),
    saver: createDraftSaver<SaveJob>(async (job) => {
      if (clerk === null) return
      if (job.kind === 'erase') return eraseClerkDraft(clerk)
      let left = keeper.room
      const fits = (size: number) => {
        const fit = fitsInRoom(size, left)
        if (fit && left !== null) left -= size
        return fit
      }
      const result = await saveDraft(clerk, job.draft, fits)
      // A recording now kept as a file of the saved draft needs its chunks no more; one that did not
      // fit keeps them, and the next visit offers it back.
      if (result.status === 'saved') {
        const kept = job.draft.audioFiles.map((file) => file.id).filter((id) => !result.notKept.includes(id))
        await dropRecordingsKeptAsFiles(clerk, kept).catch(() => undefined)
      }
      // The wizard has left (the flush on unmount): no one will read the room or hear what was kept.
      if (!listener) return
      await keeper.measureRoom()
      const names = draftFiles(job.draft).filter((file) => result.notKept.includes(file.id)).map((file) => file.name)
      report((now) => ({ ...now, room: keeper.room, notKept: names, saveFailed: result.status === 'saved' ? null : result.status }))
    }),
  }
  return keeper
}

export function useWizardDraft(): WizardDraftState {
  const [clerk] = useState(currentClerk)
  const [draft, dispatch] = useReducer(wizardReducer, undefined, emptyDraft)
  const [keeping, setKeeping] = useState<DraftKeeping>({ restoredAt: null, room: null, notKept: [], saveFailed: null })
  // Saving starts once the kept draft has been read: before, it would overwrite it with an empty one.
  const [loaded, setLoaded] = useState(clerk === null)
  /** The draft as last rendered. */
  const shown = useRef(draft)
  /** The draft as last restored or saved: nothing to write while it is unchanged. */
  const written = useRef<WizardDraft | null>(null)
  const [keeper] = useState(() => createKeeper(clerk))
  const saver = keeper.saver

  useEffect(() => {
    if (clerk === null) return
    let current = true
    void askToKeepStorage()
    const restore = async () => {
      // A wizard that has just left may still be writing (its last save, or the erase of a discarded
      // draft): read what it leaves, not what it is about to replace.
      await draftWritesDone()
      const kept = await restoreDraft(clerk)
      if (!current) return
      // The wizard shows no field until `loaded`, so nothing was typed meanwhile; a change made some
      // other way still wins, and is saved over the kept draft.
      if (kept && !isDraftDirty(shown.current)) {
        written.current = kept.draft
        dispatch({ type: 'restore', draft: kept.draft })
        setKeeping((now) => ({ ...now, restoredAt: kept.savedAt }))
      }
      setLoaded(true)
      // Measured after the restore (the room line appearing tells a test the restore is over).
      const room = await keeper.measureRoom()
      if (current) setKeeping((now) => ({ ...now, room }))
    }
    void restore()
    return () => {
      current = false
    }
  }, [clerk, keeper])

  useEffect(() => {
    shown.current = draft
    const last = written.current
    if (!loaded || draft === last) return
    if (!isDraftDirty(draft)) {
      // Emptied (submitted, discarded, or cleared by hand): nothing left worth keeping.
      if (last !== null) saver.now({ kind: 'erase' })
      written.current = null
      return
    }
    written.current = draft
    // Files other than those last written (added or removed, also before the kept draft was read): at once.
    if (fileIds(draft) !== (last ? fileIds(last) : '')) saver.now({ kind: 'save', draft })
    else saver.soon({ kind: 'save', draft })
  }, [draft, loaded, saver])

  useEffect(() => keeper.listen(setKeeping), [keeper])

  // A tablet put to sleep or a tab closed keeps what was typed in the last half second too.
  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && saver.flush()
    document.addEventListener('visibilitychange', hidden)
    return () => {
      document.removeEventListener('visibilitychange', hidden)
      saver.flush()
    }
  }, [saver])

  const keptDispatch = useCallback<Dispatch<WizardAction>>((action) => {
    if (action.type === 'reset') setKeeping((now) => ({ ...now, restoredAt: null, notKept: [], saveFailed: null }))
    dispatch(action)
  }, [])

  // At once, not through the effect below: Cancel Job leaves the page in the same moment.
  const discard = useCallback(() => {
    written.current = null
    saver.now({ kind: 'erase' })
    keptDispatch({ type: 'reset' })
  }, [saver, keptDispatch])

  return { draft, dispatch: keptDispatch, dirty: isDraftDirty(draft), keeping, loaded, discard }
}
