#!/usr/bin/env python3
"""Write an AMR-WB storage-format file (RFC 4867 §5) of N frames with random payloads.

No AMR-WB encoder ships with Debian's ffmpeg or SoX, so this synthesises a valid frame
stream: every frame is 20 ms (320 samples at 16 kHz) whatever its payload."""
import os, sys

frames, out = int(sys.argv[1]), sys.argv[2]
MODE = 8                      # 23.85 kbit/s
SIZE = 60                     # payload bytes of mode 8
with open(out, "wb") as f:
    f.write(b"#!AMR-WB\n")
    for _ in range(frames):
        f.write(bytes([(MODE << 3) | 0x04]))   # FT=8, Q=1
        f.write(os.urandom(SIZE))
