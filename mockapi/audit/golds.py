"""Golds read against the KG: a list question's gold list or count, and subjects with a case-variant twin.

The g26 reader found "give me the number of cast members for bright galaxy (1986)" with the gold "bright
galaxy has 4 cast members" where the KG's movie doc lists 13 (the movie API answers 13), and "how many years
back was can you keep again released?" where the KG holds both "Can You Keep Again" (2021) and "CAN YOU KEEP
AGAIN" (2023): CRAG's queries are lower-case, so nothing tells the two apart. Two rules, read from each
question's text, its gold and the KG (never the generator):

- **list golds against the KG**: a question about a film's cast or a band's members (not a false premise,
  not a question the world sourced from its web pages: a web film may share a KG film's title) whose
  subject is a KG film or band (the longest KG name of that kind the question holds as whole words,
  "the" dropped or not; a possessive is its word: "soldier protocol's cast"): its gold count ("how many",
  "number of") or its gold list (the names the gold gives, split at commas and "and") differs from the KG's
  list of every KG entity of that name (a listed name without a KG qualifier: "Shannon Bergvall (actor)");
- **case-variant twins asked**: a question naming (as whole words, not inside a longer KG name it holds: "a
  ghost in wolfstead" names a film, not the places Wolfstead and WOLFSTEAD) a KG name that another KG entity
  of the same kind spells with other capitals ("Can You Keep Again", "CAN YOU KEEP AGAIN").

A corpus without a KG (real CRAG records) checks nothing; target 0.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from mockapi.audit.data import AuditQuestion, kg_rows
from mockapi.audit.rules import RuleGroup, empty_rule, note

LISTS = "list golds against the KG"
TWINS = "case-variant twins asked"
_CAST = re.compile(r"\bcast\b")
_MEMBERS = re.compile(r"\bmembers?\b")
_COUNT = re.compile(r"\b(?:how many|number of|count)\b")
_NUMBER = re.compile(r"\b(\d{1,3})\b")
_STATES_COUNT = re.compile(
    r"\b(?:has|have|had|with|lists?|counts?)\s+(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve)\s+(?:cast\s+)?members\b"
)
_BARE_COUNT = re.compile(r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve")
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12}  # fmt: skip
_LEAD = re.compile(r"^.*?\b(?:are|were|include|includes|is|:)\s+")
_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+")


def _norm(name: str) -> str:
    return " ".join(name.lower().replace("’", "'").split())


_POSSESSIVE = re.compile(r"(?<=\w)'s\b|(?<=s)'(?!\w)")
_QUALIFIER = re.compile(r"\s*\([^()]*\)$")


def _plain(text: str) -> str:
    """Lower-cased, possessives as their word: "the 1975 film soldier protocol's cast" names "soldier
    protocol" (w_g27c: the subject was read as the KG film "Soldier")."""
    return _POSSESSIVE.sub("", _norm(text))


def _person(name: str) -> str:
    """A listed name without a KG disambiguation qualifier ("Shannon Bergvall (actor)" is the cast member a
    gold names "shannon bergvall")."""
    return _QUALIFIER.sub("", _norm(name))


def kg_lists(world: Path | None) -> dict[str, dict[str, list[frozenset[str]]]]:
    """Per relation ('cast', 'members'), the KG's lists by lower-cased name (and without "the ")."""
    out: dict[str, dict[str, list[frozenset[str]]]] = {
        "cast": defaultdict(list),
        "members": defaultdict(list),
    }

    def add(rel: str, name: object, names: list[str]) -> None:
        low = _plain(str(name))
        for key in {low, low.removeprefix("the "), _uncolon(low)}:
            out[rel][key].append(frozenset(_person(n) for n in names if n))

    for title, doc in kg_rows(world, {"movie_movies"}, "SELECT title, doc FROM movie_movies"):
        cast = json.loads(doc or "{}").get("cast") or []
        add("cast", title, [str(c.get("name", "")) for c in cast if isinstance(c, dict)])
    sql = "SELECT name, members FROM music_artists WHERE members IS NOT NULL"
    for name, members in kg_rows(world, {"music_artists"}, sql):
        found = json.loads(members) if isinstance(members, str) else members
        add("members", name, [str(m) for m in found or []])
    return out


def _holds(query: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", query) is not None


def _uncolon(text: str) -> str:
    """A name's colons as spaces: a question's words are matched without them ("glass signal: the beginning
    cast members?" names the KG's "Glass Signal: The Beginning", not its look-alike "Signal"; g34)."""
    return re.sub(r"\s*:\s*", " ", text)


def _subject(query: str, names: dict[str, list[frozenset[str]]]) -> str | None:
    words = re.findall(r"[\w'&.-]+", query)
    found = [
        " ".join(words[i:j])
        for i in range(len(words))
        for j in range(i + 1, min(len(words), i + 9) + 1)
        if " ".join(words[i:j]) in names
    ]
    found = [n for n in found if _holds(query, n)]
    return max(found, key=len) if found else None


def gold_names(answer: str) -> list[str]:
    """The names a list gold gives ("the cast of x are a, b and c" -> a, b, c)."""
    body = _LEAD.sub("", answer.strip().rstrip("."), count=1) if _LEAD.match(answer) else answer
    return [n.strip() for n in _SPLIT.split(body) if n.strip()]


def gold_count(answer: str) -> int | None:
    found = _NUMBER.search(answer)
    if found:
        return int(found[1])
    word = next((w for w in re.findall(r"[a-z]+", answer.lower()) if w in _WORDS), None)
    return _WORDS[word] if word else None


def list_scan(qs: list[AuditQuestion], world: Path | None) -> RuleGroup:
    rule = empty_rule()
    lists = kg_lists(world)
    for q in qs:
        low = _plain(q.query)
        rel = "cast" if _CAST.search(low) else "members" if _MEMBERS.search(low) else ""
        if not rel or q.false_premise or q.source == "web" or not q.answers() or not lists[rel]:
            continue
        subject = _subject(_uncolon(low), lists[rel])
        if subject is None:
            continue
        kg = lists[rel][subject]
        # a count asked in any spelling ("find the nubmer of cast members of ...", g30): a gold that is a
        # number alone is a count, never a list of names
        stated = _STATES_COUNT.search(q.answer.lower())  # "x has 9 cast members" (g34: asked "nmuber of")
        if _COUNT.search(low) or _BARE_COUNT.fullmatch(q.answer.strip().lower()) or stated:
            told = gold_count(q.answer)
            if told is None:
                continue
            bad = all(len(k) != told for k in kg)
            shown = f"{told} against the KG's {'/'.join(str(len(k)) for k in kg)}"
        else:
            names = {_person(n) for n in gold_names(q.answer)}
            if not names:
                continue
            bad = all(names != set(k) for k in kg)
            shown = f"{len(names)} names, the KG's {'/'.join(str(len(k)) for k in kg)}"
            if bad and any(names <= set(k) for k in kg):
                shown += " (a part of it)"
        note(rule, bad, f"{shown}: {q.query} -> {q.answer}")
    return {"violations": rule["violations"], "rules": {LISTS: rule}}


def kg_twins(world: Path | None) -> dict[str, set[str]]:
    """Lower-cased KG names that two entities of one kind spell with different capitals, with the kind."""
    return _twins_and_names(world)[0]


def _twins_and_names(world: Path | None) -> tuple[dict[str, set[str]], frozenset[str]]:
    """`kg_twins`, and every KG name (lower-cased)."""
    spellings: dict[tuple[str, str], set[str]] = defaultdict(set)
    every: set[str] = set()
    for name, kind in kg_rows(world, {"entities"}, "SELECT name, kind FROM entities"):
        spellings[(_norm(str(name)), str(kind))].add(str(name).strip())
        every.add(_norm(str(name)))
    out: dict[str, set[str]] = defaultdict(set)
    for (low, kind), names in spellings.items():
        if len(names) > 1 and (" " in low or len(low) >= 6):
            out[low].add(kind)
    return out, frozenset(every)


def _names_in(query: str, names: frozenset[str]) -> list[str]:
    """The KG names `query` holds as whole words (runs of up to 8 of its words)."""
    words = re.findall(r"[\w'&.-]+", query)
    runs = {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 8) + 1)}
    return [n for n in runs if n in names and _holds(query, n)]


# a company's word, possessive or not: "higher than thornton group's?" names Thornton Group (generator 36's
# 5,000-question train world read the place twin "thornton" in it)
_FIRM = (
    r"(?:holdings|group|inc\.?|corp\.?|corporation|ltd\.?|plc|co\.|company|industries|partners|brands|"
    r"systems|technologies|enterprises|capital|ventures)(?:'s?)?(?![\w'])"
)


def twin_scan(qs: list[AuditQuestion], world: Path | None) -> RuleGroup:
    rule = empty_rule()
    twins, every = _twins_and_names(world)
    if not twins:
        return {"violations": 0, "rules": {TWINS: rule}}
    first: dict[str, list[str]] = defaultdict(list)
    for low in twins:
        first[low.split()[0]].append(low)
    for q in qs:
        low = _norm(q.query)
        words = set(re.findall(r"[\w'&.-]+", low))
        named = [t for w in words for t in first.get(w, ()) if _holds(low, t)]
        # a twin inside a longer KG name the question holds is not named: "a ghost in wolfstead" (a film)
        # does not name the places Wolfstead and WOLFSTEAD (w_g27c)
        longer = [n for n in _names_in(low, every) if " " in n]
        named = [t for t in named if not any(len(n) > len(t) and _holds(n, t) for n in longer)]
        # nor one a company's word follows: "thornton holdings trading volume" names Thornton Holdings (g34)
        named = [t for t in named if not re.search(rf"(?<![\w']){re.escape(t)} {_FIRM}", low)]
        note(rule, bool(named), f"{max(named, key=len) if named else ''}: {q.query} -> {q.answer}")
    return {"violations": rule["violations"], "rules": {TWINS: rule}}
