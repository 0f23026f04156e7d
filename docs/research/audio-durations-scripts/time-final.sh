#!/bin/bash
# Time the recommended command (measure-duration.mjs = node + prlimit + ffmpeg demux) on 2-hour files,
# 3 runs each from the file and 3 from a pipe; wall time, CPU time (user+sys) and max RSS of the tree.
cd "$(dirname "$0")"
T='wall %e s, cpu %U+%S s, maxrss %M KB'
for f in "$@"; do
  echo "=== $f ($(stat -c %s $f) bytes)"
  for i in 1 2 3; do
    for mode in file pipe; do
      p=0; [ $mode = pipe ] && p=1
      r=$( { PIPE=$p /usr/bin/time -f "$T" nice -n 19 node measure-duration.mjs $f | cut -f2; } 2>&1 | tr '\n' ' ')
      echo "run $i $mode: load $(cut -d' ' -f1 /proc/loadavg) | $r"
    done
  done
done
