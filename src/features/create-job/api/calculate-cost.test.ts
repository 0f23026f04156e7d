import { describe, expect, it } from 'vitest'
import type { DraftFile } from '../draft/wizard-draft'
import { calculateCostForm } from './calculate-cost'

describe('calculateCostForm', () => {
  it('sends the report type, the whole files, then each upload id with the name it is used under, in the same order', () => {
    const whole: DraftFile = { id: 'w', file: new Blob(['x']), name: 'Hall.mp3', size: 1, type: 'audio/mpeg' }
    const form = calculateCostForm([whole], 7, ['id-a', 'id-b'], ['Kitchen and pantry.webm', 'Recording 2.webm'])
    expect([...form.keys()]).toEqual(['report_type_id', 'audio_files', 'upload_ids', 'upload_ids', 'upload_names', 'upload_names'])
    expect(form.getAll('upload_ids')).toEqual(['id-a', 'id-b'])
    expect(form.getAll('upload_names')).toEqual(['Kitchen and pantry.webm', 'Recording 2.webm'])
    expect((form.get('audio_files') as File).name).toBe('Hall.mp3')
  })
})
