"""The agreement adversary (audit36) on pages held in memory and on the tiny world's real pages: sentences,
names and figures only answer pages repeat must be learned; the same repeated by random pages must not."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

from mockapi.audit import agreement
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_world
from mockapi.audit.figures import AuditFigures
from mockapi.audit.report import lines
from mockapi.formats.manifest import Manifest, read_manifest

_FIRST = ("Tara", "Omar", "Greta", "Leon", "Daya", "Ivo", "Noor", "Hugo", "Mila", "Rafael", "Anika", "Soren")
_LAST = ("Dias", "Okafor", "Lindqvist", "Barros", "Costa", "Ekstrom", "Bakker", "Zamora", "Quist", "Greer")
_ACTS = ("visited a school in", "backed an appeal in", "spoke at a panel in", "opened a depot near")
_PLACES = ("Leeds", "Porto", "Ghent", "Quito", "Durban", "Tampere", "Osaka", "Bergen")


def _sentence(rng: random.Random) -> str:
    name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    return f"{name} {rng.choice(_ACTS)} {rng.choice(_PLACES)} with {rng.randrange(10, 99_999):,} people."


def _held(cued: bool, seed: int = 0) -> Corpus:
    """60 questions of 10 pages of 8 invented sentences; 45 have three answer pages, which also hold one
    paragraph of their question's (its names and figures) when `cued`, else three random pages hold it."""
    rng = random.Random(seed)
    html: dict[str, str] = {}
    qs = []
    for n in range(60):
        shared = " ".join(_sentence(rng) for _ in range(3))
        marked = {2, 4, 7} if cued else set(rng.sample(range(1, 11), 3))
        results, gold = [], set()
        for rank in range(1, 11):
            pid = f"q{n}p{rank}"
            text = " ".join(_sentence(rng) for _ in range(8)) + (f" {shared}" if rank in marked else "")
            html[pid] = f"<html><body><p>{text}</p></body></html>"
            results.append(Result(rank, pid, f"https://x.test/{pid}", pid, "", len(html[pid]), "a snippet"))
            if n < 45 and rank in (2, 4, 7):
                gold.add(pid)
        qs.append(AuditQuestion(f"q{n}", "q?", "open", "simple", "static", "a", [], [], results, gold))
    return Corpus("real", qs, Manifest(), None, html)


def test_what_only_answer_pages_repeat_is_learned_and_fails_its_line() -> None:
    found = agreement.agreement_adversary(_held(cued=True))
    assert found["questions"] == 60 and found["states_pairs"] == 450
    assert found["states_auc"] is not None and found["states_auc"] >= 0.95, found
    sentences_shared = agreement.FEATURES.index("sentences_shared")
    assert found["answer_means"][sentences_shared] > 0.2 > found["other_means"][sentences_shared]
    row = next(
        r for r in lines(cast(AuditFigures, {"agreement": found}), None) if "agreement (a)" in r["figure"]
    )
    assert row["world"] == found["states_auc"] and row["verdict"] == "FAIL"
    plain = agreement.agreement_adversary(_held(cued=False))
    assert plain["states_auc"] is not None and plain["states_auc"] <= 0.70, plain
    assert plain["has_answer_auc"] is not None and plain["abstain_gain_pts"] is not None


def test_a_page_s_features_come_from_the_other_pages_of_its_list() -> None:
    same = "Tara Dias visited a school in Leeds with 4,512 people on March 5, 2024."
    pages = [
        agreement._Page(t) for t in (same, same, "Omar Okafor opened a depot near Porto with 77 people.")
    ]
    rows = agreement.page_rows(pages)
    at = {name: i for i, name in enumerate(agreement.FEATURES)}
    for k in ("names_shared", "numbers_shared", "dates_shared", "sentences_shared"):
        assert (rows[0][at[k]], rows[2][at[k]]) == (1.0, 0.0), k
    assert rows[0][at["names_shared_3"]] == 0.0  # one other page holds it, not three


def test_the_tiny_world_s_pages_are_read(tiny_world: Path) -> None:
    corpus = load_world(tiny_world, read_manifest(tiny_world))
    found = agreement.agreement_adversary(corpus)
    assert found["questions"] > 0 and found["states_pairs"] > 0
    assert len(found.get("answer_means", [])) in (0, len(agreement.FEATURES))
