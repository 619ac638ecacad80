"""Give the memory of large response buffers back to the system when they are freed.

glibc's malloc serves allocations over its mmap threshold (128 KiB at start) with their own mappings, freed
back at once; but each time such a block is freed it raises the threshold to that block's size (up to
32 MiB), so after the first 16 MB search body every later one comes from the heap, which is not returned:
a worker that had held twenty unread 50-page searches stayed at 424 MB after they were all dropped. A fixed
threshold turns that adjustment off: `mallopt(M_MMAP_THRESHOLD)` in this process, and glibc's
`MALLOC_MMAP_THRESHOLD_` for the `--workers` processes it starts. Elsewhere (musl, macOS) nothing happens.
"""

from __future__ import annotations

import ctypes
import os
import sys

M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>
LARGE = 1 << 20
"""Blocks from 1 MiB up get their own mapping: response bodies and send buffers, not the small objects."""


def return_large_buffers(threshold: int = LARGE) -> bool:
    """Fix glibc's mmap threshold at `threshold`; whether it could (glibc on Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    os.environ.setdefault("MALLOC_MMAP_THRESHOLD_", str(threshold))  # read by glibc in new processes
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    return bool(mallopt is not None and mallopt(M_MMAP_THRESHOLD, threshold) == 1)
