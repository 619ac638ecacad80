"""Issue 34: a train world's own page frames. Every run of five words a train fact frame or timeline event
writes crosses a slot that varies with the fact (a name, a value, a label, a date), as the core rows are
written: fixed runs ("and you will see that", "detail worth keeping in mind", "correction to a story on") were
on the pages of 12+ of 120 questions of the 5,000-question train world, the audit's stock 5-grams (0.064
against <= 0.05). And an asked running total is one history on every page that names it: a peer's title
that was another question's subject grossed $112,000,000 on 13 Feb 2024 beside the question's own
$583,900,000 on 10 Mar 2023 (the audit's cumulative figures falling over time, 2 on that world)."""

from __future__ import annotations

import datetime as dt
import itertools
import re

import pytest

from mockapi.world.pages import fact_frames, grammar, page_blocks, totals
from mockapi.world.questions.model import Fact, Subject

# slots whose words change with the fact stated; the rest ({src}, {is}, {was_at}) are a few fixed words each
_OPEN = frozenset({"s", "v", "l", "L", "its", "Its", "intro", "say", "person"})
_FIXED_SLOTS = {
    "src": fact_frames.SOURCES,
    "is": ("is", "are"),
    "was_at": (*fact_frames._AT, "were"),
}
_WORD = re.compile(r"[A-Za-z0-9']+")
_RUN = 5


def _expansions(template: str) -> list[list[str]]:
    """Every expansion of `template` as tokens: words, and `None`-like markers ("\\0") for open slots."""
    out: list[list[str]] = [[]]
    for part in grammar.parse(template):
        if isinstance(part, str):
            out = [seq + tokens for seq in out for tokens in _tokens(part)]
        else:
            options = [t for option in part for t in _expansions(_joined(option))]
            out = [seq + tokens for seq in out for tokens in options]
    return out


def _joined(seq: grammar.Seq) -> str:
    """A parsed sequence written back as a template."""
    return "".join(p if isinstance(p, str) else "[" + "|".join(_joined(o) for o in p) + "]" for p in seq)


def _tokens(text: str) -> list[list[str]]:
    """A literal with its slots: each fixed slot in every one of its forms, an open slot a marker."""
    out: list[list[str]] = [[]]
    for i, piece in enumerate(re.split(r"\{(\w+)\}", text)):
        if i % 2 == 0:
            words = _WORD.findall(piece)
            out = [seq + words for seq in out]
        elif piece == "d":  # a date varies but ends in its year, which joins the words after it
            out = [[*seq, "\0", "2024"] for seq in out]
        elif piece in _OPEN:
            out = [[*seq, "\0"] for seq in out]
        else:
            forms = [t for form in _FIXED_SLOTS[piece] for t in _expansions(form)]
            out = [seq + tokens for seq in out for tokens in forms]
    return out


def _fixed_runs(template: str) -> set[str]:
    """The runs of five words of `template` that no open slot breaks."""
    runs = set()
    for tokens in _expansions(template):
        for i in range(len(tokens) - _RUN + 1):
            window = tokens[i : i + _RUN]
            if "\0" not in window:
                runs.add(" ".join(window).lower())
    return runs


_TRAIN_ROWS = [
    frame
    for rows in (fact_frames.PLAIN, fact_frames.DATED, fact_frames.QUOTES, fact_frames.CAPTIONS)
    for frame in fact_frames.allowed(rows, "train")
]


@pytest.mark.parametrize("frame", _TRAIN_ROWS)
def test_no_train_fact_frame_writes_five_fixed_words(frame: str) -> None:
    assert _fixed_runs(frame) == set()


def test_the_checker_sees_a_fixed_run() -> None:
    # the check itself: a core row that names its source ("According to the official site, ...") does leave
    # one, and the retired train row left "and you will see that"
    assert "according to the official site" in _fixed_runs(fact_frames.PLAIN[5][1])
    assert "2024 one note gives the" in _fixed_runs(
        "Dated {d}, [a|one] [note|record] gives the {l} of {s} as {v}"
    )
    assert "and you will see that" in _fixed_runs(
        "[Check|Consult] {src} and [you will see|you see] that {say}"
    )


def test_no_train_timeline_event_writes_five_fixed_words() -> None:
    # a timeline row reads "<date> <event> <comments>": the date's year and the count join the event's words
    for events in getattr(page_blocks, "_TRAIN_EVENTS", {"": page_blocks._EVENTS}).values():
        for event in events:
            assert _fixed_runs("2023 " + event + " 7") == set(), event
    assert _fixed_runs("2023 Correction to a story on {s}")  # dev's row, which the train one replaces


_FILM = Subject("Gentle Summer", "movie", "movie")
_ASKED = Fact(
    _FILM, "mv.gross", "$643.0 million", as_of="2023-09-28", stale=("$583.9 million", "$587.0 million")
)


@pytest.fixture
def asked_film() -> object:
    from mockapi.world.pages import histories  # (issue 34's train frames: none before)

    totals.use_asked(histories.asked_totals([_ASKED]))
    yield
    totals.use_asked({})


@pytest.mark.usefixtures("asked_film")
def test_an_asked_total_is_its_question_s_history_on_every_page() -> None:
    from mockapi.world.pages import histories

    # the question's own dated figures: its value at its date, each older value at its own (`stale_day`)
    stated = [(dt.date.fromisoformat(_ASKED.as_of), totals.figure(_ASKED.value, "mv.gross"))]
    stated += [(histories.stale_day(_ASKED, v), totals.figure(v, "mv.gross")) for v in _ASKED.stale]
    # a peer's or look-alike's page names the title with its drawn total ($112m), at any day
    days = [dt.date(2022, 1, 1) + dt.timedelta(days=7 * i) for i in range(120)]
    for name in ("Gentle Summer", "The Gentle Summer"):
        told = [
            (d, totals.figure(totals.at("mv.gross", name, "$112.0 million", d), "mv.gross")) for d in days
        ]
        for (d1, v1), (d2, v2) in itertools.product([*stated, *told], repeat=2):
            assert not (d1 < d2 and v2 < v1), (name, d1, v1, d2, v2)
        assert told[-1][1] == stated[0][1]  # after the question's date: its answer
    # a name no question asks keeps its own drawn total
    assert totals.at("mv.gross", "Iron Horizon", "$3.0 million", days[-1]) == "$3.0 million"


def test_every_split_follows_its_asked_totals() -> None:
    # the g37 default world (dev): "By 2024-02-07, Bright Garden has grossed $120.0M worldwide" beside its
    # question's $360.7M of 2023-02-27 (the audit's cumulative line, 2): a namesake's drawn total, as in train
    from mockapi.world.page_jobs import asked_of
    from mockapi.world.questions.model import Question

    q = Question("q", 0, "", "movie", "simple", "fast-changing", "q", "a", [], "", "web", [], None, [_ASKED])
    for split in ("dev", "test", "train"):
        asked = asked_of(split, [q])
        assert (totals.name_key(_ASKED.subject.name), "mv.gross") in asked, split


def test_train_rows_write_no_more_colons_or_question_marks_than_dev_s() -> None:
    # form (a) read a train answer page by its colons (1.46 against 1.01 on the rest of the top 10; dev 0.89
    # against 0.78) and its "?" ("What about its rating? That would be 8.1"): per list, no more train rows
    # with a colon than dev's, and none asks
    for rows in (fact_frames.PLAIN, fact_frames.DATED, fact_frames.QUOTES, fact_frames.CAPTIONS):
        train, dev = fact_frames.allowed(rows, "train"), fact_frames.allowed(rows, "dev")
        assert sum(":" in f for f in train) <= sum(":" in f for f in dev), rows[0]
        assert not any("?" in f for f in train)
