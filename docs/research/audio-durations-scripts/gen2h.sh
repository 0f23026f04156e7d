#!/bin/bash
# Two-hour fixtures for timing (delete after): VBR MP3 without Xing (24 x 5-minute segment,
# frame streams concatenated; no LAME tag so every frame decodes) and a 48 kHz mono 16-bit WAV (691 MB).
set -euo pipefail
cd "$(dirname "$0")"; mkdir -p big; cd big
FF="nice -n 19 ffmpeg -hide_banner -nostdin -v error -y"
SEG='sine=f=440:r=44100:d=60,volume=0.05[a];anoisesrc=c=pink:r=44100:d=240:a=0.3[n];[a][n]concat=n=2:v=0:a=1[out]'
$FF -filter_complex "$SEG" -map '[out]' -c:a libmp3lame -q:a 2 -write_xing 0 seg5min.mp3
for i in $(seq 24); do cat seg5min.mp3; done > mp3_vbr_noxing_2h.mp3
$FF -f lavfi -i 'anoisesrc=c=pink:r=48000:d=7200:a=0.3' -c:a pcm_s16le wav_2h.wav
ls -la
