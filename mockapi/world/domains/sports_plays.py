"""Turns a game's shuffled actions into play-by-play rows, period by period."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.domains.sports_nba import Game
from mockapi.world.domains.sports_pbp import (
    END,
    FOUL,
    FREE_THROW,
    JUMP_BALL,
    MADE,
    MISS,
    REBOUND,
    START,
    SUB,
    TIMEOUT,
    TURNOVER,
    Action,
    Feed,
    Who,
    actions,
)
from mockapi.world.domains.sports_teams import vocab

ORDINALS = ["1st", "2nd", "3rd", "4th"]


def last(player: tuple[str, str]) -> str:
    return player[1].split()[-1]


def ptype(home: bool) -> float:
    return 4.0 if home else 5.0


def rebound(feed: Feed, shooter_home: bool) -> None:
    home = shooter_home if feed.rng.random() < 0.27 else not shooter_home
    who = feed.player(home)
    off = feed.tally[(who[0], "off")] + (home == shooter_home)
    dfn = feed.tally[(who[0], "def")] + (home != shooter_home)
    feed.count(who[0], "off" if home == shooter_home else "def")
    feed.emit(REBOUND, 0, home, f"{last(who)} REBOUND (Off:{off} Def:{dfn})", [(ptype(home), who)])


THREES = ["Jump Shot", "Pullup Jump Shot", "Step Back Jump shot"]


def shot(feed: Feed, act: Action) -> None:
    """A field-goal attempt; a miss may be blocked and is always followed by a rebound."""
    rng, home = feed.rng, act.home
    shooter = feed.player(home)
    kind = rng.choice(THREES if act.value == 3 else vocab()["nba_event_shots"])
    if act.value == 3:
        dist = rng.randint(23, 28)
    else:
        dist = rng.randint(8, 22) if "Jump" in kind else rng.randint(0, 6)
    label = f"{last(shooter)} {dist}' {'3PT ' if act.value == 3 else ''}{kind}"
    code = 1 if "Jump" in kind else (7 if "Dunk" in kind else 5)
    people: list[tuple[float, Who]] = [(ptype(home), shooter)]
    if not act.made:
        block = None
        if rng.random() < 0.08:
            blocker = feed.player(not home)
            block = f"{last(blocker)} BLOCK ({feed.count(blocker[0], 'blk')} BLK)"
            people += [(0.0, None), (ptype(not home), blocker)]
        feed.emit(MISS, code, home, f"MISS {label}", people, other=block)
        rebound(feed, home)
        return
    feed.score[home] += act.value
    feed.tally[(shooter[0], "pts")] += act.value
    text = f"{label} ({feed.tally[(shooter[0], 'pts')]} PTS)"
    if rng.random() < 0.6:
        helper = feed.player(home, exclude=shooter[0])
        text += f" ({last(helper)} {feed.count(helper[0], 'ast')} AST)"
        people.append((ptype(home), helper))
    feed.emit(MADE, code, home, text, people, scored=True)


def free_throws(feed: Feed, act: Action) -> None:
    shooter = feed.player(act.home)
    n = len(act.flags)
    for k, made in enumerate(act.flags, start=1):
        code = 10 if n == 1 else 10 + k
        if made:
            feed.score[act.home] += 1
            feed.tally[(shooter[0], "pts")] += 1
            text = f"{last(shooter)} Free Throw {k} of {n} ({feed.tally[(shooter[0], 'pts')]} PTS)"
        else:
            text = f"MISS {last(shooter)} Free Throw {k} of {n}"
        feed.emit(FREE_THROW, code, act.home, text, [(ptype(act.home), shooter)], scored=made)
    if not act.flags[-1]:
        rebound(feed, act.home)


def other_play(feed: Feed, act: Action) -> None:
    """Turnovers (some with a steal), fouls, substitutions and timeouts."""
    rng, home = feed.rng, act.home
    team = feed.team(home)
    if act.kind == "timeout":
        n = feed.count(team.team_id, "timeouts")
        feed.emit(
            TIMEOUT,
            1,
            home,
            f"{team.nickname} Timeout: Regular (Reg.{n} Short 0)",
            [(2.0 if home else 3.0, team)],
        )
        return
    who = feed.player(home)
    if act.kind == "sub":
        sub_in = feed.player(home, exclude=who[0])
        feed.emit(
            SUB, 0, home, f"SUB: {last(sub_in)} FOR {last(who)}", [(ptype(home), who), (ptype(home), sub_in)]
        )
    elif act.kind == "tov":
        kinds = vocab()["nba_turnovers"]
        code = rng.randrange(len(kinds))
        tally = f"P{feed.count(who[0], 'tov')}.T{feed.count(team.team_id, 'tov')}"
        text = f"{last(who)} {kinds[code]} Turnover ({tally})"
        thief = feed.player(not home) if code < 2 and rng.random() < 0.6 else None
        steal = f"{last(thief)} STEAL ({feed.count(thief[0], 'stl')} STL)" if thief else None
        people: list[tuple[float, Who]] = [(ptype(home), who)]
        if thief:
            people.append((ptype(not home), thief))
        feed.emit(TURNOVER, code + 1, home, text, people, other=steal)
    else:
        fouls = vocab()["nba_fouls"]
        code = rng.randrange(len(fouls))
        victim = feed.player(not home)
        text = f"{last(who)} {fouls[code]} (P{feed.count(who[0], 'pf')}.T{feed.count(team.team_id, 'pf')})"
        feed.emit(FOUL, code + 1, home, text, [(ptype(home), who), (ptype(not home), victim)])


def play_by_play(rng: random.Random, game: Game) -> list[list[object]]:
    """All rows of one regulation game (overtime games are skipped by the caller)."""
    tipoff = dt.datetime.combine(game.date, dt.time(19, 0)) + dt.timedelta(
        minutes=rng.choice([0, 10, 30, 40, 90, 120])
    )
    feed = Feed(rng, game, tipoff)
    acts = actions(rng, game.hbox, True) + actions(rng, game.abox, False)
    rng.shuffle(acts)
    size = -(-len(acts) // 4)
    for period in range(1, 5):
        chunk = acts[(period - 1) * size : period * size]
        feed.period, feed.clock = period, 720
        feed.emit(START, 0, None, f"Start of {ORDINALS[period - 1]} Period ({feed.wall()} EST)", [])
        if period == 1:
            hc, ac = feed.player(True), feed.player(False)
            winner = rng.choice([(True, hc), (False, ac)])
            text = f"Jump Ball {last(hc)} vs. {last(ac)}: Tip to {last(winner[1])}"
            feed.emit(JUMP_BALL, 0, True, text, [(4.0, hc), (5.0, ac), (ptype(winner[0]), winner[1])])
        for clock, act in zip(
            sorted(rng.sample(range(1, 720), len(chunk)), reverse=True), chunk, strict=True
        ):
            feed.clock = clock
            {"shot": shot, "ft": free_throws}.get(act.kind, other_play)(feed, act)
        feed.clock = 0
        feed.emit(END, 0, None, f"End of {ORDINALS[period - 1]} Period ({feed.wall()} EST)", [])
    return feed.rows
