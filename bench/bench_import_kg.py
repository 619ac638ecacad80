"""Benchmark `import-kg` on a generated cragkg/ in the real formats, then start a server on the result.

    .venv/bin/python bench/bench_import_kg.py [--open 1000000] [--movies 100000] [--work DIR] [--keep]

Prints: the generated input sizes, import seconds per domain (+ the name index), store bytes per domain
(each domain's tables copied into a fresh DuckDB file), server start-up seconds (spawn → /health 200), its
RSS after start-up and after a few searches, and those searches' latencies. Figures, never pass/fail.
"""

# ruff: noqa: E501  (generated records read best one per line)
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "importers"))

import cragkg_fixture as fx  # noqa: E402

from mockapi.core.textnorm import normalize  # noqa: E402
from mockapi.formats.manifest import KgImportSection  # noqa: E402
from mockapi.importers.kg.importer import import_kg  # noqa: E402
from mockapi.importers.kg.progress import ImportProgress  # noqa: E402
from mockapi.serving.kgstore import NAME_TABLES  # noqa: E402

DOMAIN_TABLES = {
    "open": ("open_entities",),
    "movie": ("movie_movies", "movie_persons", "movie_years"),
    "finance": ("fin_companies", "fin_prices", "fin_minute_prices", "fin_dividends", "fin_marketcap", "fin_info"),
    "music": ("music_artists", "music_songs", "music_works", "music_grammy", "music_billboard_ranks",
              "music_billboard_songs"),
    "sports": ("soccer_matches", "nba_games", "nba_play_by_play"),
    "name index": NAME_TABLES,
}  # fmt: skip


# ───────────────────────── generation (fast, seeded) ─────────────────────────


def _vocabulary(rng: random.Random, n: int = 6000) -> list[str]:
    syllables = [
        "ka",
        "ro",
        "mi",
        "ten",
        "sa",
        "lo",
        "ver",
        "an",
        "di",
        "mor",
        "el",
        "tu",
        "bra",
        "sin",
        "ga",
    ]
    words = {
        "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))).capitalize() for _ in range(n * 2)
    }
    return sorted(words)[:n]


def _names(rng: random.Random, vocab: list[str], n: int) -> Iterator[str]:
    for i in range(n):
        words = rng.sample(vocab, rng.choice((1, 2, 2, 3, 3)))
        yield " ".join(words) + (f" ({i})" if i % 4 == 0 else "")


def open_parts(n: int, seed: int = 1) -> list[list[tuple[str, dict[str, Any]]]]:
    """`n` distinct entities in two parts, plus 1% repeated names in part 2 (the later line wins)."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng)
    seen: set[str] = set()
    names = []
    for i, name in enumerate(_names(rng, vocab, n)):
        unique = name if name not in seen else f"{name} ({i})"
        seen.add(unique)
        names.append(unique)
    del seen

    def entity(i: int, name: str) -> tuple[str, dict[str, Any]]:
        return name, {
            "summary_text": f"{name} is entity number {i}. " * 3,
            "summary_structured": {
                "name": name,
                "type": vocab[i % len(vocab)],
                "founded": str(1800 + i % 220),
            },
            "raw_mediawiki": f"{{{{Infobox\n| name = {name}\n}}}}\n'''{name}''' is entity {i}. " * 2,
        }

    half = n // 2
    first = [entity(i, names[i]) for i in range(half)]
    second = [entity(i, names[i]) for i in range(half, n)]
    second += [entity(n + i, names[i]) for i in range(0, half, 50)]
    return [first, second]


def movie_dbs(n_movies: int, seed: int = 2) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    rng = random.Random(seed)
    vocab = [w.lower() for w in _vocabulary(rng)]
    movies: dict[str, Any] = {}
    for i, title in enumerate(_names(rng, vocab, n_movies)):
        movies[normalize(title) + f" {i}"] = {
            "budget": i * 1000, "genres": [{"id": 12, "name": "Adventure"}], "id": i, "original_language": "en",
            "original_title": title, "release_date": f"{1990 + i % 30}-01-01", "revenue": i * 3000,
            "title": title, "rating": round(rng.random() * 10, 1), "length": 90 + i % 60,
            "cast": [{"gender": 2, "id": 10 * i + k, "name": f"Actor {k}", "character": "X", "order": k} for k in range(5)],
            "crew": [{"name": "Director", "job": "Director", "id": 10 * i + 9}],
        }  # fmt: skip
    persons = {
        f"person {vocab[i % len(vocab)]} {i}": {"acted_movies": [i], "id": i, "birthday": "1970-01-01", "name": f"Person {i}"}
        for i in range(n_movies // 2)
    }  # fmt: skip
    years = {
        str(y): {"movie_list": list(range(y - 1990, n_movies, 30)), "oscar_awards": []}
        for y in range(1990, 2022)
    }
    return movies, persons, years


def write_input(root: Path, n_open: int, n_movies: int) -> None:
    fx.write_cragkg(
        root, skip={"open", "movie", "finance/finance_price.sqlite", "music", "sports/nba.sqlite"}
    )
    fx.write_open(root, open_parts(n_open))
    movies, persons, years = movie_dbs(n_movies)
    fx.write_json(root / "movie/movie_db.json", movies)
    fx.write_json(root / "movie/person_db.json", persons)
    fx.write_json(root / "movie/year_db.json", years)
    del movies, persons
    day = {
        f"2023-{m:02d}-{d:02d} 00:00:00 EST": fx.bar(1.5, 2.5, 1.0, 2.0, 1000)
        for m in range(1, 13)
        for d in range(1, 22)
    }
    fx.write_sqlitedict(root / "finance/finance_price.sqlite", ((f"T{i:04d}", day) for i in range(2000)))
    artists = {
        f"Artist {i}": {"country": "US", "birth_date": "1980", "end_date": None, "members": None}
        for i in range(200_000)
    }
    fx.write_pickle(root / "music/artist_dict_simplified.pickle", artists)
    songs = {
        f"Song {i}": {"author": f"Artist {i}", "country": "US", "date": "2000-01-01"} for i in range(200_000)
    }
    fx.write_pickle(root / "music/song_dict_simplified.pickle", songs)
    fx.write_pickle(root / "music/grammy_df.pickle", fx.grammy_frame())
    games = [
        fx.game_row(f"00{i:08d}", f"20{10 + i % 12}-10-11 00:00:00", fx.BULLS, fx.BUCKS, 0.5)
        for i in range(20_000)
    ]
    pbp = [fx.pbp_row(f"00{i // 20:08d}", i % 20, None) for i in range(400_000)]
    fx.write_nba(root / "sports/nba.sqlite", games, pbp)  # fmt: skip


# ───────────────────────── measuring ─────────────────────────


def domain_bytes(db: Path, work: Path) -> dict[str, int]:
    """Bytes each domain's tables take on their own in a fresh DuckDB file."""
    sizes = {}
    for domain, tables in DOMAIN_TABLES.items():
        out = work / f"size-{domain.replace(' ', '_')}.duckdb"
        con = duckdb.connect(str(out))
        con.execute(f"ATTACH '{db}' AS src (READ_ONLY)")
        for t in tables:
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM src.main.{t}")
        con.execute("DETACH src")
        con.execute("CHECKPOINT")
        con.close()
        sizes[domain] = out.stat().st_size
        out.unlink()
    return sizes


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def serve_figures(world: Path, port: int = 8765) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port)]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                if httpx.get(base + "/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None:
                raise RuntimeError("server exited during start-up")
            time.sleep(0.05)
        figures: dict[str, Any] = {
            "startup_s": round(time.perf_counter() - started, 2),
            "rss_start_mb": round(rss_mb(proc.pid)),
        }
        calls = [("/open/search_entity_by_name", {"query": "karo miten"}), ("/open/get_entity", {"query": "x"}),
                 ("/movie/get_movie_info", {"query": "karo miten"}), ("/finance/get_price_history", {"query": "T0001"}),
                 ("/music/search_artist_entity_by_name", {"query": "artist 12345"}),
                 ("/sports/nba/get_games_on_date", {"date": "2015-10-11", "team_name": None})]  # fmt: skip
        for path, body in calls:
            t0 = time.perf_counter()
            httpx.post(base + path, json=body, timeout=120).raise_for_status()
            figures[f"ms {path}"] = round((time.perf_counter() - t0) * 1000, 1)
        figures["rss_after_calls_mb"] = round(rss_mb(proc.pid))
        return figures
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", type=int, default=1_000_000)
    parser.add_argument("--movies", type=int, default=100_000)
    parser.add_argument("--work", help="working directory (default: a temp dir, removed unless --keep)")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    work = Path(args.work or tempfile.mkdtemp(prefix="bench-import-kg-"))
    try:
        t0 = time.perf_counter()
        write_input(work / "cragkg", args.open, args.movies)
        sizes_in = {d.name: sum(f.stat().st_size for f in d.rglob("*")) for d in (work / "cragkg").iterdir()}
        print(
            f"generated input in {time.perf_counter() - t0:.0f}s: "
            + json.dumps({k: f"{v / 1e6:.1f} MB" for k, v in sizes_in.items()})
        )
        t0 = time.perf_counter()
        manifest = import_kg(work / "cragkg", work / "world", ImportProgress(quiet=not sys.stderr.isatty()))
        report = manifest.kg_import or KgImportSection()
        print(
            f"import: {time.perf_counter() - t0:.1f}s total, store {(manifest.disk_bytes or 0) / 1e6:.1f} MB"
        )
        for domain, info in report.domains.items():
            print(f"  {domain:<8} {info.seconds:>8.1f}s  {json.dumps(info.counts)}")
        print(f"  name index {report.name_index_seconds:.1f}s")
        for domain, size in domain_bytes(work / "world" / "kg.duckdb", work).items():
            print(f"  store bytes {domain:<11} {size / 1e6:>9.1f} MB")
        print("serve: " + json.dumps(serve_figures(work / "world")))
    finally:
        if not args.keep and not args.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
