"""report.html: its size and how long headless Chromium takes to show it, for the report a run directory
holds (written by whatever code ran it) against the one this tree renders from the same run, in the same run.

    .venv/bin/python bench/bench_report.py RUN [--repeat 3]

RUN is copied to a temporary directory (never written). Per report: bytes, bytes per question, and the
browser's milliseconds from navigation to the whole page parsed, styled and laid out (a script at its end
forces layout and reads `performance.now()`; Chromium's own start is not counted), and the wall time of
`chromium --headless --dump-dom` (start and serialising included), the median of --repeat, the two reports
taking turns so other processes' load hits both alike.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "clients")]

PROBE = (
    "<script>document.body.offsetHeight;"  # reading a size forces style and layout now
    " document.body.dataset.benchMs = String(Math.round(performance.now()));</script>"
)


def shown_ms(chromium: str, html: Path, profile: Path) -> tuple[float, float]:
    """Milliseconds from navigation to the page laid out, as the page measured it; the process's wall ms."""
    probe = html.with_name(f"probe-{html.name}")
    text = html.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", PROBE + "</body>", 1), encoding="utf-8")
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
           f"--user-data-dir={profile}", "--dump-dom", probe.as_uri()]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    wall = 1000 * (time.perf_counter() - start)
    found = re.search(r'data-bench-ms="(\d+)"', done.stdout)
    if found is None:
        raise SystemExit(f"no timing from Chromium for {html}: {done.stderr[-500:]}")
    return float(found.group(1)), wall


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("run", type=Path)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("needs Debian's `chromium` on PATH")
    from crag_eval.files.rundir import load_questions
    from crag_eval.report.render import render_reports

    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        run = Path(tmp) / "run"
        shutil.copytree(args.run, run, ignore=shutil.ignore_patterns(".lock"))
        before = Path(tmp) / "before.html"
        shutil.copy(run / "report.html", before)
        render_reports(run)
        after = run / "report.html"
        n = len(load_questions(run))
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for name, html in (("before", before), ("after", after)):
                shown, wall = shown_ms(chromium, html, Path(tmp) / "profile")
                times.setdefault((name, "shown"), []).append(shown)
                times.setdefault((name, "wall"), []).append(wall)
        print(f"{args.run}: {n} questions, median of {args.repeat}")
        for name, html in (("before", before), ("after", after)):
            size = html.stat().st_size
            shown = statistics.median(times[(name, "shown")])
            wall = statistics.median(times[(name, "wall")])
            print(f"  {name:6} {size:>12,} bytes  {size / n:>8,.0f} B/question  laid out {shown:>6,.0f} ms"
                  f"  chromium wall {wall:>6,.0f} ms")  # fmt: skip
        ratio = statistics.median(times[("before", "shown")]) / statistics.median(times[("after", "shown")])
        smaller = before.stat().st_size / after.stat().st_size
        print(f"  size x{smaller:.1f} smaller, laid out x{ratio:.1f} faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
