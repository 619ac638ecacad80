"""Knowledge-graph look-ups of the `baseline` model, through the typed SDK (`crag_client.Client`).

Entity linking: the subject phrase of the query goes to the domain's name search; only a result whose
lower-cased name equals the phrase is accepted (look-alikes share tokens, case and punctuation variants share
everything else), preferring a mixed-case spelling ("Romeu Band" over "ROMEU BAND" or "romeu band"). Then the
attribute is read from the entity as of the day the question asks about. Every failure, a refused route
(Task 1: 403) included, means "no KG answer", never an exception out of the model.
"""

from __future__ import annotations

import datetime as dt
import re

from crag_client import Client, CragError

from crag_eval.models.baseline_query import Attr

Value = tuple[str, float | None]  # the answer as shown, and its number for comparisons (dates as ordinals)
_COUNTRIES = {
    "US": "United States", "GB": "United Kingdom", "CA": "Canada", "AU": "Australia", "DE": "Germany",
    "FR": "France", "SE": "Sweden", "NO": "Norway", "ES": "Spain", "IT": "Italy", "JP": "Japan",
    "BR": "Brazil", "MX": "Mexico", "NL": "Netherlands", "IE": "Ireland", "KR": "South Korea",
    "FI": "Finland",
}  # fmt: skip
_ROUTES = {"mu.birth": ("mu", "op"), "mu.song_date": ("mu", "mv"), "pe.birthplace": ("op",)}
_SEASON_START = dt.date(2023, 8, 1)  # both leagues' 2023-24 seasons start after this
Game = tuple[str, str, int, int]  # (day 'YYYY-MM-DD', opponent, own score, opponent score)
_WIKI_LINK = re.compile(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]")


def pick(names: list[str], phrase: str) -> str | None:
    """The search result that is the phrase itself, the mixed-case spelling first."""
    exact = [n for n in names if n.lower() == phrase]
    mixed = [n for n in exact if n not in (n.lower(), n.upper())]
    best = mixed or exact
    return best[0] if best else None


def money(x: float) -> Value:
    return f"${x:,.2f}", x


def bigmoney(x: float) -> Value:
    short, unit = (x / 1e9, "billion") if x >= 1e9 else (x / 1e6, "million")
    return f"${short:,.1f} {unit}", x


def date_value(text: str | None) -> Value | None:
    try:
        day = dt.date.fromisoformat((text or "")[:10])
    except ValueError:
        return None
    return f"{day:%B} {day.day}, {day.year}".lower(), float(day.toordinal())


def listing(items: list[str]) -> Value | None:
    if len(items) < 2:
        return None
    return f"{', '.join(items[:-1])} and {items[-1]}", float(len(items))


class KG:
    """Attribute look-ups; `get(attr, subject, day)` gives a Value or None."""

    def __init__(self, client: Client) -> None:
        self.c = client
        self.enabled = True  # off after the first 403: Task 1 forbids the KG routes
        self._games: dict[str, dict[str, list[Game]]] = {}  # month -> team (lower case) -> games

    def get(
        self, attr: Attr, subject: str, day: dt.date, yesterday: bool = False, dated: bool = False
    ) -> Value | None:
        if not self.enabled:
            return None
        if dated and attr.key.startswith("sp."):
            day += dt.timedelta(days=1)  # "on March 3" includes the games of March 3
        # one wording, several domains: "when was X born" (artist, movie person, open person), "released"
        domains = _ROUTES.get(attr.key, (attr.key.split(".", 1)[0],))
        for domain in domains:
            try:
                value = getattr(self, f"_{domain}")(attr.key, subject, day, yesterday)
            except CragError as exc:
                if getattr(exc, "status", None) == 403:
                    self.enabled = False
                return None
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                value = None  # an odd record: no KG answer rather than a crash
            if value is not None:
                return value
        return None

    # --- finance ---------------------------------------------------------------------------------------

    def ticker(self, subject: str) -> str | None:
        name = pick(self.c.finance.get_company_name(subject), subject)
        return self.c.finance.get_ticker_by_name(name) if name else None

    def _fin(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        ticker = self.ticker(subject)
        if ticker is None:
            return None
        if key in ("fin.price", "fin.close", "fin.volume"):
            history = self.c.finance.get_price_history(ticker) or {}
            cut = (day - dt.timedelta(days=1) if yesterday else day).isoformat()
            days = sorted(d for d in history if d[:10] <= cut)
            if not days:
                return None
            bar = history[days[-1]]
            if key == "fin.volume":
                return (f"{bar.Volume:,}", float(bar.Volume)) if bar.Volume is not None else None
            return money(round(bar.Close, 2)) if bar.Close is not None else None
        if key == "fin.market_cap":
            cap = self.c.finance.get_market_capitalization(ticker)
            return bigmoney(cap) if cap else None
        if key in ("fin.eps", "fin.pe"):
            x = self.c.finance.get_eps(ticker) if key == "fin.eps" else self.c.finance.get_pe_ratio(ticker)
            if x is None or x <= 0:
                return None
            return money(round(x, 2)) if key == "fin.eps" else (f"{x:.2f}", round(x, 2))
        if key == "fin.dividend":
            divs = self.c.finance.get_dividends_history(ticker) or {}
            past = sorted(d for d in divs if d[:10] <= day.isoformat())
            return money(divs[past[-1]]) if past else None
        if key == "fin.ceo":
            info = self.c.finance.get_info(ticker)
            officers = (info.model_extra or {}).get("companyOfficers") if info else None
            name = officers[0].get("name") if officers else None
            return (name.lower(), None) if isinstance(name, str) else None
        return None

    # --- movie -----------------------------------------------------------------------------------------

    def _mv(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        movies = [m for m in self.c.movie.get_movie_info(subject) if m.title.lower() == subject]
        if len(movies) != 1:
            return None
        m = movies[0]
        if key == "mv.budget":
            return bigmoney(m.budget) if m.budget and m.budget >= 1e6 else None
        if key == "mv.gross":
            return bigmoney(m.revenue) if m.revenue and m.revenue >= 1e6 else None
        if key == "mv.rating":
            return (f"{m.rating:.2f}", m.rating) if m.rating is not None else None
        if key == "mv.runtime":
            return (str(m.length), float(m.length)) if m.length else None
        if key == "mv.director":
            names = [c.name for c in m.crew if c.job == "Director"]
            return (names[0].lower(), None) if names else None
        if key == "mv.cast":
            cast = [c.name.lower() for c in sorted(m.cast, key=lambda c: c.order or 0)][:4]
            return listing(cast)
        if key == "mv.oscars":
            wins = sum(1 for o in m.oscar_awards or [] if o.winner)
            return str(wins), float(wins)
        if key in ("mv.release", "mu.song_date"):
            return date_value(m.release_date)
        return None

    def person_birthday(self, subject: str) -> Value | None:
        people = [p for p in self.c.movie.get_person_info(subject) if p.name.lower() == subject]
        return date_value(people[0].birthday) if len(people) == 1 else None

    # --- music -----------------------------------------------------------------------------------------

    def _mu(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        if key == "mu.song_date":
            song = pick(self.c.music.search_song_entity_by_name(subject), subject)
            if song:
                return date_value(self.c.music.get_song_release_date(song))
            return self._mv(key, subject, day, yesterday)
        artist = pick(self.c.music.search_artist_entity_by_name(subject), subject)
        if artist is None:
            return self.person_birthday(subject) if key == "mu.birth" else None
        if key == "mu.birth":
            return date_value(self.c.music.get_artist_birth_date(artist))
        if key == "mu.country":
            code = self.c.music.get_artist_birth_place(artist)
            return (_COUNTRIES[code].lower(), None) if code in _COUNTRIES else None
        if key == "mu.members":
            return listing([m.lower() for m in self.c.music.get_members(artist) or []])
        if key == "mu.grammys":
            n = self.c.music.grammy_get_award_count_by_artist(artist)
            return str(n), float(n)
        return None

    # --- open ------------------------------------------------------------------------------------------

    def _op(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        name = pick(self.c.open.search_entity_by_name(subject), subject)
        entity = self.c.open.get_entity(name) if name else None
        if entity is None:
            return None
        box = {
            k: _WIKI_LINK.sub(r"\1", v).replace("'''", "").strip()
            for k, v in entity.summary_structured.items()
        }
        if key == "op.founded":
            year = box.get("founded") or box.get("established_date") or box.get("year") or ""
            return (year, float(year)) if year.isdigit() else None
        if key == "op.population":
            n = box.get("population_total", "")
            return (f"{int(n):,}", float(n)) if n.isdigit() else None
        if key == "op.leader":
            return (box["leader_name"].lower(), None) if box.get("leader_name") else None
        if key == "op.area":
            sq_mi = box.get("area_total_sq_mi", "")
            km2 = round(float(sq_mi) * 2.58999) if sq_mi else None
            return (f"{km2:,}", float(km2)) if km2 is not None else None
        if key == "mu.birth":
            born = re.match(
                r"\{\{birth date\|(\d{4})\|(\d{1,2})\|(\d{1,2})",
                entity.summary_structured.get("birth_date", ""),
            )
            return date_value(f"{born[1]}-{int(born[2]):02d}-{int(born[3]):02d}") if born else None
        if key == "pe.birthplace":
            return (box["birth_place"].lower(), None) if box.get("birth_place") else None
        return None

    def _pe(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        return self._op(key, subject, day, yesterday)

    # --- sports ----------------------------------------------------------------------------------------

    def _month(self, month: str) -> dict[str, list[Game]]:
        """Every NBA and soccer game of one month ('YYYY-MM'), per team name in lower case (names are
        case-sensitive on the wire and the query is lower-case, so the whole month is fetched once)."""
        if month in self._games:
            return self._games[month]
        out: dict[str, list[Game]] = {}
        nba = self.c.sports.nba_get_games_on_date(month) or {}
        for row in nba.get("game_date", {}):
            day = str(nba["game_date"][row])[:10]
            home, away = nba["team_name_home"][row], nba["team_name_away"][row]
            hp, ap = int(nba["pts_home"][row] or 0), int(nba["pts_away"][row] or 0)
            out.setdefault(home.lower(), []).append((day, away, hp, ap))
            out.setdefault(away.lower(), []).append((day, home, ap, hp))
        soccer = self.c.sports.soccer_get_games_on_date(month) or {}
        for row in soccer.get("date", {}):
            gf, ga = str(soccer["GF"][row]), str(soccer["GA"][row])
            if gf.isdigit() and ga.isdigit():
                team = row.split("', '")[2] if "', '" in row else ""
                day = str(soccer["date"][row])[:10]
                out.setdefault(team.lower(), []).append((day, str(soccer["opponent"][row]), int(gf), int(ga)))
        self._games[month] = out
        return out

    def games(self, team: str, day: dt.date, inclusive: bool) -> list[Game]:
        """The team's games of the season up to `day`, oldest first."""
        out: list[Game] = []
        y, m = _SEASON_START.year, _SEASON_START.month
        while (y, m) <= (day.year, day.month):
            out.extend(self._month(f"{y}-{m:02d}").get(team, []))
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        cut = day.isoformat()
        return sorted(g for g in out if (g[0] <= cut if inclusive else g[0] < cut))

    def _sp(self, key: str, subject: str, day: dt.date, yesterday: bool) -> Value | None:
        played = self.games(subject, day, inclusive=False)
        if not played:
            return None
        _, opponent, own, other = played[-1]
        if key == "sp.wins":
            n = sum(1 for g in played if g[2] > g[3])
            return str(n), float(n)
        if key == "sp.last_points":
            return str(own), float(own)
        if key == "sp.last_opponent":
            return opponent.lower(), None
        if key == "sp.last_score":
            return f"{own}-{other}", None
        return None
