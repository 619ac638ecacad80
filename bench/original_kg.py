# ruff: noqa: E501  (generated records and route tables read best one per line)
"""A generated cragkg/ directory of a given size in CRAG's real file formats, and request bodies for all 38 routes.

Used by bench_vs_original.py. Sizes follow the issue's KG: `n_open` open entities, n_open/10 movies and twice
as many persons, 1K companies with a year of daily bars and a day of minute bars, n_open/2 music names
(half artists, half songs), 20K NBA games. Names come from a 6,000-word vocabulary, so searches find many
partial matches and some ties, as with real names. Seeded: the same sizes give the same files.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "importers"))
sys.path.insert(0, str(ROOT / "bench"))

import cragkg_fixture as fx  # noqa: E402
from bench_import_kg import _names, _vocabulary, movie_dbs, open_parts  # noqa: E402

N_COMPANIES = 1000
N_GAMES = 20_000


def _bars(rng: random.Random, keys: list[str]) -> dict[str, Any]:
    price = rng.uniform(5, 500)
    out = {}
    for key in keys:
        price *= rng.uniform(0.97, 1.03)
        out[key] = fx.bar(
            round(price, 4),
            round(price * 1.01, 4),
            round(price * 0.99, 4),
            round(price, 4),
            rng.randint(1000, 10**7),
        )
    return out


def write_finance(root: Path, rng: random.Random, vocab: list[str]) -> list[tuple[str, str]]:
    companies = [
        (
            f"{' '.join(rng.sample(vocab, 2))} {rng.choice(['Inc.', 'Corp', 'Holdings Inc.', 'Ltd'])} Common Stock",
            f"T{i:04d}",
        )
        for i in range(N_COMPANIES)
    ]
    fx.write_companies(root / "finance/company_name.dict", companies)
    days = [f"2023-{m:02d}-{d:02d} 00:00:00 EST" for m in range(1, 13) for d in range(1, 22)]
    minutes = [f"2024-02-22 {9 + (m + 30) // 60:02d}:{(m + 30) % 60:02d}:00 EST" for m in range(390)]
    tickers = [t for _, t in companies]
    fx.write_sqlitedict(root / "finance/finance_price.sqlite", ((t, _bars(rng, days)) for t in tickers))
    fx.write_sqlitedict(
        root / "finance/finance_detailed_price.sqlite", ((t, _bars(rng, minutes)) for t in tickers)
    )
    fx.write_sqlitedict(
        root / "finance/finance_dividend.sqlite", ((t, {"2023-11-10 00:00:00 EST": 0.24}) for t in tickers)
    )
    fx.write_sqlitedict(
        root / "finance/finance_marketcap.sqlite", ((t, rng.uniform(1e8, 1e12)) for t in tickers)
    )
    info = (
        (
            t,
            {
                "symbol": t,
                "forwardEps": round(rng.uniform(-2, 20), 2),
                "forwardPE": round(rng.uniform(5, 60), 4),
                "city": "Menlo Park",
                "sector": "Tech",
            },
        )
        for t in tickers
    )
    fx.write_sqlitedict(root / "finance/finance_info.sqlite", info)
    return companies


def write_music(root: Path, rng: random.Random, vocab: list[str], n: int) -> tuple[list[str], list[str]]:
    artists = list(dict.fromkeys(_names(rng, vocab, n // 2)))
    songs = list(dict.fromkeys(_names(rng, vocab, n // 2)))
    fx.write_pickle(
        root / "music/artist_dict_simplified.pickle",
        {a: {"country": "US", "birth_date": "1980", "end_date": None, "members": None} for a in artists},
    )
    fx.write_pickle(
        root / "music/song_dict_simplified.pickle",
        {s: {"author": rng.choice(artists), "country": "US", "date": "2000-01-01"} for s in songs},
    )
    fx.write_pickle(
        root / "music/artist_work_dict.pickle",
        {a: rng.sample(songs, 3) for a in artists[: len(artists) // 4]},
    )
    fx.write_pickle(root / "music/rank_dict_hot100.pickle", fx.RANKS)
    fx.write_pickle(root / "music/song_dict_hot100.pickle", fx.HOT_SONGS)
    return artists, songs


def write_sports(root: Path) -> None:
    teams = [fx.BULLS, fx.BUCKS, fx.NUGGETS, fx.LAKERS, fx.CELTICS]
    games = [
        fx.game_row(
            f"00{i:08d}",
            f"20{10 + i % 12}-10-{1 + i % 28:02d} 00:00:00",
            teams[i % 5],
            teams[(i + 1) % 5],
            0.5,
        )
        for i in range(N_GAMES)
    ]
    pbp = [fx.pbp_row(f"00{i // 10:08d}", i % 10, None) for i in range(N_GAMES * 10)]
    fx.write_nba(root / "sports/nba.sqlite", games, pbp)


def write_kg(root: Path, n_open: int, seed: int = 0) -> dict[str, Any]:
    """Write everything except the DataFrame pickles (grammy, soccer: see original_server.write_pandas_pickles);
    returns what the request bodies need."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng)
    parts = open_parts(n_open)
    open_names = [name for part in parts for name, _ in part]
    fx.write_open(root, parts)
    del parts
    movies, persons, years = movie_dbs(n_open // 10)
    fx.write_json(root / "movie/movie_db.json", movies)
    fx.write_json(root / "movie/person_db.json", persons)
    fx.write_json(root / "movie/year_db.json", years)
    titles = [m["title"] for m in list(movies.values())[:2000]]
    person_names = list(persons)[:2000]
    del movies, persons
    companies = write_finance(root, rng, vocab)
    artists, songs = write_music(root, rng, vocab, n_open // 2)
    write_sports(root)
    return {"open": open_names[::max(1, len(open_names) // 2000)], "titles": titles, "persons": person_names, "companies": companies,
            "artists": artists[:2000], "songs": songs[:2000], "vocab": vocab}  # fmt: skip


def _partial(rng: random.Random, name: str) -> str:
    words = name.split()
    return " ".join(rng.sample(words, max(1, len(words) - 1))) if len(words) > 1 else name


def request_bodies(data: dict[str, Any], n: int = 64, seed: int = 1) -> dict[str, list[Any]]:
    """Route → bodies to cycle through: mostly found, some partial or unknown (searches), some not found."""
    rng = random.Random(seed)

    def pick(key: str) -> list[Any]:
        return [rng.choice(data[key]) for _ in range(n)]

    def search(key: str) -> list[dict[str, str]]:
        names = [str(x) for x in pick(key)]
        return [{"query": name if i % 3 else _partial(rng, name)} for i, name in enumerate(names)]

    tickers = [t for _, t in data["companies"]]
    company_names = [c for c, _ in data["companies"]]
    artists, songs = data["artists"], data["songs"]
    q = lambda values: [{"query": v} for v in values]  # noqa: E731
    return {
        "/open/search_entity_by_name": search("open"),
        "/open/get_entity": q(pick("open")[: n - 8] + ["No Such Entity"] * 8),
        "/movie/get_person_info": search("persons"),
        "/movie/get_movie_info": search("titles"),
        "/movie/get_year_info": q([str(y) for y in range(1990, 2022)]),
        "/movie/get_movie_info_by_id": q(list(range(n))),
        "/movie/get_person_info_by_id": q(list(range(n))),
        "/finance/get_company_name": [{"query": _partial(rng, c)} for c in rng.sample(company_names, n)],
        "/finance/get_ticker_by_name": q(rng.sample(company_names, n)),
        **{f"/finance/{r}": q(rng.sample(tickers, n)) for r in ("get_price_history", "get_detailed_price_history", "get_dividends_history", "get_market_capitalization", "get_eps", "get_pe_ratio", "get_info")},
        "/music/search_artist_entity_by_name": search("artists"),
        "/music/search_song_entity_by_name": search("songs"),
        "/music/get_billboard_rank_date": [{"rank": 1, "date": "2024-02-28"}, {"rank": 2}, {"rank": 1}],
        "/music/get_billboard_attributes": [{"date": "2024-02-28", "attribute": "weeks_in_chart", "song_name": "Texas Hold 'Em"}],
        **{f"/music/{r}": q(list(range(1996, 2020))) for r in ("grammy_get_best_artist_by_year", "grammy_get_best_song_by_year", "grammy_get_best_album_by_year")},
        "/music/grammy_get_award_count_by_artist": q(["Adele", "Lady Gaga", *artists[:10]]),
        "/music/grammy_get_award_count_by_song": q(["Rolling In The Deep", *songs[:10]]),
        "/music/grammy_get_award_date_by_artist": q(["Adele", *artists[:10]]),
        "/music/grammy_get_all_awarded_artists": [{}],
        **{f"/music/{r}": q(rng.sample(artists, n)) for r in ("get_artist_birth_place", "get_artist_birth_date", "get_members", "get_lifespan", "get_artist_all_works")},
        **{f"/music/{r}": q(rng.sample(songs, n)) for r in ("get_song_author", "get_song_release_country", "get_song_release_date")},
        "/sports/soccer/get_games_on_date": [{"date": "2024-03-09", "team_name": "Everton"}, {"date": "2024-03"}],
        "/sports/nba/get_games_on_date": [{"date": f"20{10 + i % 12}-10-{1 + i % 28:02d}", "team_name": "Chicago Bulls" if i % 2 else None} for i in range(n)],
        "/sports/nba/get_play_by_play_data_by_game_ids": [{"game_ids": [f"00{i * 37 % N_GAMES:08d}"]} for i in range(n)],
    }  # fmt: skip
