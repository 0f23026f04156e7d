#!/bin/bash
# Time duration methods on the 2-hour files, 3 runs each, everything under nice -n 19.
cd "$(dirname "$0")/big"
t() { local s=$(date +%s.%N); local out; out=$("$@" 2>/dev/null | tail -c 300); local e=$(date +%s.%N); printf '%6.3f s  %s\n' "$(echo "$e - $s" | bc)" "$(echo "$out" | tr '\n' ' ' | tail -c 110)"; }
for f in mp3_vbr_noxing_2h.mp3 wav_2h.wav; do
  echo "=== $f  ($(stat -c %s $f) bytes)  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for i in 1 2 3; do
    echo "-- run $i"
    echo -n "copy -f null -progress : "; t nice -n 19 ffmpeg -hide_banner -nostdin -v error -i $f -map 0:a:0 -c copy -f null -progress pipe:1 -
    echo -n "copy -f framecrc       : "; t nice -n 19 ffmpeg -hide_banner -nostdin -v error -i $f -map 0:a:0 -c copy -f framecrc -
    echo -n "ffprobe packets csv    : "; t nice -n 19 ffprobe -v error -select_streams a:0 -show_entries packet=pts,duration -of csv=p=0 $f
    echo -n "pipe copy -progress    : "; t sh -c "cat $f | nice -n 19 ffmpeg -hide_banner -nostdin -v error -f ${f##*.} -i pipe:0 -map 0:a:0 -c copy -f null -progress pipe:1 -"
  done
  echo -n "ffprobe -show_format   : "; t nice -n 19 ffprobe -v error -show_entries format=duration -of csv=p=0 $f
  echo -n "music-metadata dur:true: "; t nice -n 19 node --input-type=module -e "import {parseFile} from '/work/main/node_modules/music-metadata/lib/index.js'; console.log((await parseFile('$f',{duration:true})).format.duration)"
  echo -n "full decode (truth)    : "; t nice -n 19 ffmpeg -hide_banner -nostdin -v error -i $f -map 0:a:0 -f null -progress pipe:1 -
done
