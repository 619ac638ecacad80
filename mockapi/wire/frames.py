"""Column names, in order, of the three sports DataFrames the original serialises (contract §1.5).

The store keeps each row as a JSON array in this order; the server turns rows into pandas' "columns"
orientation, `{column: {row_key: value}}`. Generators and importers write rows in the same order.
"""

from __future__ import annotations

SOCCER_COLUMNS: tuple[str, ...] = (
    "date", "time", "round", "day", "venue", "result", "GF", "GA", "opponent", "xG", "xGA", "Poss",
    "Attendance", "Captain", "Formation", "Referee", "match_report", "Notes",
)  # fmt: skip

_NBA_SIDE_STATS = (
    "fgm", "fga", "fg_pct", "fg3m", "fg3a", "fg3_pct", "ftm", "fta", "ft_pct", "oreb", "dreb", "reb",
    "ast", "stl", "blk", "tov", "pf", "pts", "plus_minus", "video_available",
)  # fmt: skip

NBA_GAME_COLUMNS: tuple[str, ...] = (
    "season_id", "team_id_home", "team_abbreviation_home", "team_name_home", "game_id", "game_date",
    "matchup_home", "wl_home", "min",
    *(f"{s}_home" for s in _NBA_SIDE_STATS),
    "team_id_away", "team_abbreviation_away", "team_name_away", "matchup_away", "wl_away",
    *(f"{s}_away" for s in _NBA_SIDE_STATS),
    "season_type",
)  # fmt: skip

NBA_PLAY_BY_PLAY_COLUMNS: tuple[str, ...] = (
    "game_id", "eventnum", "eventmsgtype", "eventmsgactiontype", "period", "wctimestring", "pctimestring",
    "homedescription", "neutraldescription", "visitordescription", "score", "scoremargin",
    *(
        col
        for k in (1, 2, 3)
        for col in (
            f"person{k}type", f"player{k}_id", f"player{k}_name", f"player{k}_team_id",
            f"player{k}_team_city", f"player{k}_team_nickname", f"player{k}_team_abbreviation",
        )
    ),
    "video_available_flag",
)  # fmt: skip

assert len(SOCCER_COLUMNS) == 18 and len(NBA_GAME_COLUMNS) == 55 and len(NBA_PLAY_BY_PLAY_COLUMNS) == 34
