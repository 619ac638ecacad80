"""Play-by-play for a game, rebuilt from its box score so the running score ends at the final score.

Every made or missed field goal and free throw in the box score becomes an event; turnovers, fouls,
rebounds after misses, substitutions and timeouts fill the rest. Events are shuffled over the periods and
stamped with a decreasing game clock and a wall clock. Column order and types follow the contract: `score` is
"AWAY - HOME" and `scoremargin` is home minus away ("TIE" at 0), both only on scoring plays.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from mockapi.world.domains.sports_nba import Game
from mockapi.world.domains.sports_teams import NbaTeam

Player = tuple[str, str]  # (player id, full name)
Who = Player | NbaTeam | None  # a player, a team (timeouts) or nobody
People = Sequence[tuple[float, Who]]  # (persontype, who) for player1..3

# eventmsgtype codes of the NBA feed
MADE, MISS, FREE_THROW, REBOUND, TURNOVER, FOUL, SUB, TIMEOUT, JUMP_BALL, START, END = (
    1,
    2,
    3,
    4,
    5,
    6,
    8,
    9,
    10,
    12,
    13,
)


@dataclass
class Action:
    kind: str  # shot | ft | tov | foul | sub | timeout
    home: bool
    value: int = 0  # 2 or 3 for shots
    made: bool = False
    flags: list[bool] = field(default_factory=list)  # free-throw results of a trip


def actions(rng: random.Random, box: dict[str, int], home: bool) -> list[Action]:
    """One team's plays, exactly as many of each as its box score counts."""
    shots = [Action("shot", home, 3, i < box["fg3m"]) for i in range(box["fg3a"])]
    fg2a, fg2m = box["fga"] - box["fg3a"], box["fgm"] - box["fg3m"]
    shots += [Action("shot", home, 2, i < fg2m) for i in range(fg2a)]
    flags = [i < box["ftm"] for i in range(box["fta"])]
    rng.shuffle(flags)
    trips = [Action("ft", home, flags=flags[i : i + 2]) for i in range(0, len(flags), 2)]
    rest = [Action("tov", home) for _ in range(box["tov"])] + [Action("foul", home) for _ in range(box["pf"])]
    rest += [Action("sub", home) for _ in range(rng.randint(14, 22))]
    rest += [Action("timeout", home) for _ in range(rng.randint(4, 7))]
    return shots + trips + rest


class Feed:
    """Accumulates rows and the per-player tallies that descriptions quote ("(12 PTS)", "(Off:1 Def:3)")."""

    def __init__(self, rng: random.Random, game: Game, tipoff: dt.datetime) -> None:
        self.rng, self.game, self.tipoff = rng, game, tipoff
        self.rows: list[list[object]] = []
        self.score = {True: 0, False: 0}
        self.tally: Counter[tuple[str, str]] = Counter()
        self.eventnum = 0
        self.period, self.clock = 1, 720

    def team(self, home: bool) -> NbaTeam:
        return self.game.home if home else self.game.away

    def player(self, home: bool, exclude: str = "") -> Player:
        roster = [p for p in self.team(home).roster[:10] if p[0] != exclude]
        return self.rng.choice(roster)

    def count(self, pid: str, stat: str) -> int:
        self.tally[(pid, stat)] += 1
        return self.tally[(pid, stat)]

    def wall(self) -> str:
        elapsed = (self.period - 1) * 720 + (720 - self.clock)
        stamp = self.tipoff + dt.timedelta(seconds=elapsed * 2.9 + (self.period - 1) * 240)
        return stamp.strftime("%I:%M %p").lstrip("0")

    def emit(
        self,
        msg: int,
        action: int,
        home: bool | None,
        text: str,
        people: People,
        scored: bool = False,
        other: str | None = None,
    ) -> None:
        """One 34-column row; `people` holds (persontype, player tuple | team | None) for players 1-3.

        `other` is the opponent's description of the same moment (a steal or a block).
        """
        self.eventnum += self.rng.choice((1, 1, 1, 2))
        desc: list[str | None] = [None, None, None]
        desc[1 if home is None else (0 if home else 2)] = text
        if other is not None and home is not None:
            desc[2 if home else 0] = other
        margin = self.score[True] - self.score[False]
        score = f"{self.score[False]} - {self.score[True]}" if scored else None
        scoremargin = ("TIE" if margin == 0 else str(margin)) if scored else None
        row: list[object] = [
            self.game.game_id,
            self.eventnum,
            msg,
            action,
            self.period,
            self.wall(),
            f"{self.clock // 60}:{self.clock % 60:02d}",
            *desc,
            score,
            scoremargin,
        ]
        for ptype, who in [*people, (0.0, None), (0.0, None), (0.0, None)][:3]:
            row += self.person_columns(ptype, who)
        row.append("1")
        self.rows.append(row)

    def person_columns(self, ptype: float, who: Who) -> list[object]:
        """person type, id, name and the team's id ('…741.0'), city, nickname, abbreviation."""
        if who is None:
            return [ptype, "0", None, None, None, None, None]
        if isinstance(who, NbaTeam):
            return [ptype, who.team_id, None, f"{who.team_id}.0", who.city, who.nickname, who.abbr]
        home = ptype == 4.0
        team = self.team(home)
        pid, name = who
        return [ptype, pid, name, f"{team.team_id}.0", team.city, team.nickname, team.abbr]
