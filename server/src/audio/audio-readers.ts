// How ffmpeg reads each kind of audio the portal allows when it must decode it (the transcription's
// split, the join's re-encode): the demuxer forced by the extension, never probed, and only the
// decoders that kind's audio may need (run-ffmpeg.ts readOnly).

/** Extension → ffmpeg's demuxer and the decoders the kind's audio may need. */
export const AUDIO_READERS: Record<string, { demuxer: string; decoders: string }> = {
  mp3: { demuxer: 'mp3', decoders: 'mp3float,mp3' },
  wav: { demuxer: 'wav', decoders: 'pcm_s16le,pcm_s24le,pcm_s32le,pcm_f32le,pcm_f64le,pcm_u8,pcm_alaw,pcm_mulaw,adpcm_ima_wav,adpcm_ms,gsm_ms' },
  amr: { demuxer: 'amr', decoders: 'amrnb,amrwb' },
  aac: { demuxer: 'aac', decoders: 'aac,aac_fixed' },
  flac: { demuxer: 'flac', decoders: 'flac' },
  webm: { demuxer: 'matroska', decoders: 'opus,libopus,vorbis' },
  ogg: { demuxer: 'ogg', decoders: 'opus,libopus,vorbis,flac,speex,libspeex' },
  oga: { demuxer: 'ogg', decoders: 'opus,libopus,vorbis,flac,speex,libspeex' },
  opus: { demuxer: 'ogg', decoders: 'opus,libopus' },
  m4a: { demuxer: 'mov', decoders: 'aac,aac_fixed,alac,amrnb,amrwb,mp3float' },
  mp4: { demuxer: 'mov', decoders: 'aac,aac_fixed,alac,amrnb,amrwb,mp3float' },
  '3gp': { demuxer: 'mov', decoders: 'aac,aac_fixed,amrnb,amrwb' },
  wma: { demuxer: 'asf', decoders: 'wmav1,wmav2,wmapro,wmavoice' },
}
