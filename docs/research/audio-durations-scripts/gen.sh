#!/bin/bash
# Generate small duration fixtures (17.5 s of audio unless noted) in ./fx.
# Source: 5 s of quiet sine then 12.5 s of pink noise + sine, so a VBR encoder
# uses low bitrates first and high bitrates later (first-frame estimates go wrong).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p fx && cd fx
FF="nice -n 19 ffmpeg -hide_banner -nostdin -v error -y"
SRC='sine=f=440:r=48000:d=5,volume=0.05[a];anoisesrc=c=pink:r=48000:d=12.5:a=0.4[n];sine=f=300:r=48000:d=12.5[s];[n][s]amix=inputs=2[b];[a][b]concat=n=2:v=0:a=1[out]'
$FF -filter_complex "$SRC" -map '[out]' -c:a pcm_s16le base48k.wav

# MP3 VBR without Xing/LAME header (the header-based estimate uses the first frame's bitrate)
$FF -i base48k.wav -ar 44100 -c:a libmp3lame -q:a 2 -write_xing 0 mp3_vbr_noxing.mp3
# MP3 VBR with Xing (normal), then truncated at half: header announces 17.5 s
$FF -i base48k.wav -ar 44100 -c:a libmp3lame -q:a 2 mp3_vbr_xing.mp3
head -c $(( $(stat -c %s mp3_vbr_xing.mp3) / 2 )) mp3_vbr_xing.mp3 > mp3_vbr_xing_trunc.mp3
# MP3 CBR, truncated at half
$FF -i base48k.wav -ar 44100 -c:a libmp3lame -b:a 64k mp3_cbr.mp3
head -c $(( $(stat -c %s mp3_cbr.mp3) / 2 )) mp3_cbr.mp3 > mp3_cbr_trunc.mp3

# WAV 16 kHz (dictaphone-like), and truncated at half (RIFF/data sizes announce 17.5 s)
$FF -i base48k.wav -ar 16000 -c:a pcm_s16le wav16k.wav
head -c $(( $(stat -c %s wav16k.wav) / 2 )) wav16k.wav > wav16k_trunc.wav
# WAV written by a streaming writer: size fields unknown (0xFFFFFFFF-like) -> pipe output
$FF -i base48k.wav -ar 16000 -c:a pcm_s16le -f wav pipe:1 | cat > wav16k_piped.wav

# MediaRecorder-like WebM/Opus: written to a pipe (no seek back: no Duration, no Cues), live mode
$FF -i base48k.wav -c:a libopus -b:a 32k -f webm -live 1 -cluster_time_limit 1000 pipe:1 | cat > webm_opus_stream.webm
head -c $(( $(stat -c %s webm_opus_stream.webm) / 2 )) webm_opus_stream.webm > webm_opus_stream_trunc.webm
# Normal (seekable) WebM/Opus
$FF -i base48k.wav -c:a libopus -b:a 32k webm_opus.webm
# Firefox MediaRecorder-like Ogg/Opus (streamed to a pipe)
$FF -i base48k.wav -c:a libopus -b:a 32k -f ogg pipe:1 | cat > ogg_opus_stream.ogg
head -c $(( $(stat -c %s ogg_opus_stream.ogg) / 2 )) ogg_opus_stream.ogg > ogg_opus_stream_trunc.ogg
# .opus file
$FF -i base48k.wav -c:a libopus -b:a 32k opus.opus
# Ogg Vorbis
$FF -i base48k.wav -ar 44100 -c:a libvorbis -q:a 3 ogg_vorbis.ogg

# M4A/AAC: moov at the end (default) and moov at the start (+faststart), and a truncated faststart file
$FF -i base48k.wav -ar 44100 -c:a aac -b:a 96k m4a_aac.m4a
$FF -i base48k.wav -ar 44100 -c:a aac -b:a 96k -movflags +faststart m4a_aac_faststart.m4a
head -c $(( $(stat -c %s m4a_aac_faststart.m4a) / 2 )) m4a_aac_faststart.m4a > m4a_aac_faststart_trunc.m4a
head -c $(( $(stat -c %s m4a_aac.m4a) / 2 )) m4a_aac.m4a > m4a_aac_trunc_moovlast.m4a

# FLAC, and truncated
$FF -i base48k.wav -ar 44100 -c:a flac flac.flac
head -c $(( $(stat -c %s flac.flac) / 2 )) flac.flac > flac_trunc.flac

# AMR-NB: Debian's ffmpeg has no AMR encoder (decoders amrnb/amrwb only); SoX (libopencore-amrnb) encodes it
nice -n 19 sox base48k.wav -r 8000 -c 1 -t amr-nb amr_nb.amr
head -c $(( $(stat -c %s amr_nb.amr) / 2 )) amr_nb.amr > amr_nb_trunc.amr
# AMR-WB: no encoder available at all -> synthesised frames (random payload, mode 8), see amrwb.py
python3 ../amrwb.py 875 amr_wb.awb   # 875 frames x 20 ms = 17.5 s
# 3GP (Android recorder): AMR-NB in 3GP (copy), and AAC in 3GP
$FF -i amr_nb.amr -c copy -f 3gp amr_nb.3gp
$FF -i base48k.wav -ar 16000 -c:a aac -b:a 32k -f 3gp aac.3gp
ls -la
