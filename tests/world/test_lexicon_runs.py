"""Issue 31: the lexicon's fixed runs of five words. The g37 default world (seed 0, dev) held a stock
5-gram (the audit's: on the pages of >= 10% of 120 questions) in 0.059 of its content sentences against a
bar of 0.05, and the runs were spread over the shared prose: no one run held more than 2% of those
sentences. The ones below are its commonest that the lexicon draws (held sentences over 8 draws of 120
questions in brackets). Each is now split by parts of its own (an article, a kind, a verb), so that no
template writes one in more than 1 of 40 expansions (on main 32 runs came from a template more often)."""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from pathlib import Path

import mockapi.world.lexicon as lexicon
from mockapi.audit.stock import five_grams
from mockapi.world.pages import grammar, page_blocks, prose, synonyms
from mockapi.world.pages.event_reads import event_window
from mockapi.world.pages.lifespan import Life

RUNS = (
    "for a top four spot",  # (255)
    "by the end of the",  # (211)
    "for a meet and greet",  # (180)
    "hours on the eve of",  # (176)
    "a late night stream about",  # (168)
    "went on sale after the",  # (159)
    "a labour board found for",  # (129)
    "vinyl reissue went on sale",  # (126)
    "a behind the scenes featurette",  # (123)
    "a labour board ruled against",  # (121)
    "about the business side of",  # (119)
    "worked as a runner on",  # (117)
    "a sold out sing along",  # (115)
    "worn jacket once owned by",  # (115)
    "came back to home video",  # (111)
    "stock closed out its last",  # (106)
    "a behind the scenes short",  # (106)
    "stock wrapped up the previous",  # (104)
    "show went on sale online",  # (104)
    "a behind the scenes clip",  # (104)
    "to a podcast host about",  # (103)
    "at a book launch in",  # (99)
    "a behind the scenes reel",  # (99)
    "show went on sale in",  # (94)
    "a labour board sided with",  # (94)
    "wrote at a conference in",  # (92)
    "sold out club show in",  # (88)
    "at a film week near",  # (88)
    "the jury of a short",  # (85)
    "was added to home video",  # (83)
    "denied a festival headline slot",  # (83)
    "was closed to the press",  # (82)
    "about sharing a stage with",  # (82)
    "stock closed out its previous",  # (81)
    "a fan event last autumn",  # (81)
    "stock wrapped up its last",  # (80)
    "back catalogue hinted at a",  # (74)
    "a signed guitar used by",  # (73)
    "a signed drum head of",  # (73)
    "for the better part of",  # (72)
    "to a music podcast about",  # (71)
    "a tiny club show in",  # (70)
    "record company hinted at a",  # (67)
    "a handwritten setlist used by",  # (67)
    "for a good part of",  # (66)
    "thanked fans from the stage",  # (65)
    "signed off on a debt",  # (64)
    "was shut to the press",  # (62)
    "a veteran backup before the",  # (61)
    "chose not to elaborate on",  # (60)
    "a tiny club date in",  # (59)
    "had a few days in",  # (58)
    "wrote on a call that",  # (57)
    "agreed to spinning off its",  # (55)
    "the february leg of the",  # (53)
    "for a signing session in",  # (53)
    "for a kit launch in",  # (52)
    "in line with the consensus",  # (49)
    "redesigned an entry level model",  # (49)
    "spent a few days in",  # (49)
    # runs the split itself made, on g38's 400-question dev world (the same 8 draws)
    "a spin off of its",  # (105)
    "sold out the same day",  # (76)
    "a fan run event in",  # (63)
    "a fan club evening last",  # (63)
    "to the home video market",  # (52)
    # and at 63002bd ("The share price" for "The shares")
    "the share price wrapped up",  # (168)
    "the share price closed out",  # (111)
    # older runs, the commonest left on that world
    "the front office of the",  # (93)
    "work on the water mains",  # (88)
    "short sellers started coverage of",  # (82)
    "for an open training session",  # (81)
    "the second unit could use",  # (80)
    "their first choice playmaker for",  # (79)
    "filled the main square of",  # (78)
    "a reserve for personal reasons",  # (76)
    "played down the move on",  # (62)
)
EXPANSIONS = 2000
MOST = 1 / 40


def _templates() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for path in sorted(Path(lexicon.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                for i, e in enumerate(node.value.elts):
                    if isinstance(e, ast.Constant) and isinstance(e.value, str) and "[" in e.value:
                        out.append((f"{path.stem}:{node.lineno}[{i}]", e.value))
    return out


def test_no_template_writes_a_stock_run_of_the_g37_world_often() -> None:
    table = prose.slot_table()
    wanted = {tuple(r.split()) for r in RUNS}
    found: dict[str, float] = {}
    for key, template in _templates():
        rng = random.Random(key)
        held: Counter[tuple[str, ...]] = Counter()
        for k in range(EXPANSIONS):
            # a name of its own per expansion: a run through the subject's name is no template's
            names = {"s": lambda _r, k=k: f"Ida Brand{k}", "o": lambda _r, k=k: f"Leo Park{k}"}
            text = synonyms.vary(grammar.expand(template, {**table, **names}, rng), rng)  # as `prose` writes
            held.update(five_grams(text) & wanted)
        found.update(
            {f"{key} {' '.join(g)}": n / EXPANSIONS for g, n in held.items() if n / EXPANSIONS > MOST}
        )
    assert found == {}


def test_no_timeline_event_writes_four_fixed_words() -> None:
    # a timeline row reads "<date> <event> <comments>": with four fixed words in a row the date's year made
    # a 5-gram of every row ("2022 correction to a story", "correction to a story on": the top of the g37
    # default world's audit draw); with three at most, any five words hold the name or a date's word
    for events in (page_blocks._EVENTS, page_blocks._WORK_EVENTS):
        for event in events:
            runs = [part.split() for part in event.split("{s}")]
            assert max(len(r) for r in runs) <= 3, event


def test_the_split_runs_read_as_words_do() -> None:
    # two of the split runs read wrong once `synonyms` and a tail had their say: "opted not to go further
    # further" (a tail's "further" after a new "go further") and "landed on a home video record company" (a
    # new "home video label", "label" swapped for "record company"): g38's 400-question dev world
    table = {**prose.slot_table(), "s": lambda _r: "Ida Brand", "o": lambda _r: "Leo Park"}
    found: set[str] = set()
    for key, template in _templates():
        rng = random.Random(key)
        for _ in range(400):
            text = synonyms.vary(grammar.expand(template, table, rng), rng)
            if re.search(r"\b(\w+) \1\b", text) or "video record company" in text:
                found.add(f"{key}: {text}")
    assert found == set()


def test_a_keepsake_on_show_or_exhibited_is_after_the_release_as_one_on_display() -> None:
    # the keepsake's verb varies ("the movie went on display": 254 held sentences over 8 draws of g38's
    # 400-question dev world), so each verb is read as "display" is: memorabilia, not the film's promotion
    film = Life("movie", 2010, 6, 20)
    for verb in ("went on display", "went on show", "were exhibited"):
        later = f"Back in 2009, posters from A Kingdom in Willowdale {verb} in Verona."
        assert event_window(later, film, 2024)[0] == 2010, verb
