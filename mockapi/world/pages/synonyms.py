"""Word-level variation for generated prose: each lower-case word of a group may be swapped for another of
its group (same part of speech and form), so that the same template rarely yields the same run of words.

Only lower-case words are touched: names, titles and values are capitalised or numeric and pass unchanged.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from itertools import compress

_GROUPS = """
said noted claimed argued explained stressed insisted suggested; told informed reassured warned
praised applauded hailed lauded commended; criticised faulted slammed questioned knocked
debated disputed argued-over discussed; recorded tracked laid-down
announced revealed confirmed disclosed unveiled; cancelled scrapped called-off axed
postponed delayed pushed-back deferred; opened launched debuted unveiled
built erected constructed put-up; restored refurbished renovated repaired revamped
started began kicked-off; finished completed wrapped-up concluded; rose climbed gained advanced jumped
fell dropped slipped sank; bought acquired purchased picked-up; hired recruited took-on brought-on
lost dropped shed; drew attracted pulled-in; found spotted identified uncovered
visited toured stopped-at; movie picture feature; song track tune number; band group act outfit
singer artist performer; show concert gig; shows concerts gigs dates; tour run trek
album record release LP; fans supporters followers admirers; critics reviewers commentators
reporters journalists; analysts strategists; investors shareholders; staff employees workers
company firm business group; team club side squad; players athletes; games matches; season campaign
deal agreement contract pact; plan proposal scheme; report study review; study survey analysis
paper newspaper; magazine weekly journal; site venue location; city town; festival showcase; new fresh
old older vintage; small modest little; large big sizeable major; main chief key primary
recent latest newest; local regional area; quiet calm slow; busy crowded packed; rare uncommon unusual
strong solid robust; weak soft sluggish; heavy intense; full packed sold-out; near close-to outside
after following; before ahead-of prior-to; during throughout; within inside; storm downpour squall
rain downpours showers; heatwave heat-spell; trail path footpath; trails paths walkways; wing hall annex
entrance gate entryway; car vehicle; commercial ad advert spot; trailer teaser preview; video clip
scene sequence moment; ending finale conclusion; score soundtrack music; shoot production filming
budget spending funding; crowd audience; crowds visitors audiences; children kids
students pupils learners; volunteers helpers; researchers scientists; guides docents; rangers wardens
engineers developers; managers executives; workers staffers; drivers couriers; warehouse depot
plant factory; office bureau; store shop outlet; stores shops outlets; margins profitability
costs expenses; orders bookings; demand appetite; pricing prices; guidance outlook forecast
estimates forecasts expectations; notes bonds debt; loan facility; memo note letter; injury knock strain
trip swing journey; rookie newcomer youngster; veteran stalwart; defender centre-back
system setup formation; lineup rotation; tempo pace; bench reserves; chorus refrain hook; lyrics words
riff lick; beat groove rhythm; take performance; demo sketch draft; mix version edit
remix rework reworking; cover version rendition; sample snippet loop; choir chorus; voices singers
guitar axe; synth keyboard; piano keys; hit smash chart-topper
restored remastered cleaned-up refurbished; print copy reel; stunt action fight
coordinator supervisor chief; location site; channel network platform; rewritten reworked redone changed
update amendment change revision; bylaws charter rules; spread advance arrival; beetle pest borer
hiring recruitment recruiting; resume restart return; designed built dressed; folk old traditional
tale story legend; signs signposts maps; helped worked paid-off; litter rubbish trash
temperature temperatures; rule policy mandate; outsource offshore contract-out
travel travelling road-trips; hard tough draining; peaked topped-out crested; weekends holidays
reissue re-release repressing; minority small partial; filming shooting work; rewritten reworked
acquisition takeover purchase; venture partnership tie-up; licensing distribution; supply sourcing
buyback repurchase; bid offer approach; product goods; service platform; subscription membership
tier plan level; app application; storefront shopfront website; network grid system; footprint presence
operations business; divisions units; suppliers vendors partners; centres hubs facilities
labs laboratories; research development; target price-target; positions holdings; exposure stakes
coverage research; income profit earnings; consensus street; expected forecast projected; workers hands
contractors freelancers; package plan; refinancing rollover; regulators watchdogs
inquiry probe investigation; fined penalised sanctioned; dispute fight battle; merger tie-up combination
overtime extra; leased rented; hub centre campus; customers clients buyers; unions labour-groups
criticised attacked; sued litigated; lobbied campaigned; contract agreement; terms conditions
freight shipping transport; charge write-down; narrowed shrank tightened; widened grew expanded
improved recovered firmed; swelled ballooned climbed; inventory stock stockpile
spokesperson representative; procurement purchasing buying; memo message email
investors holders backers; orders demand; pricing prices; rested benched; sidelined ruled-out
recalled brought-back; activated reinstated; forward winger; rotation depth; hamstring thigh; ankle foot
sprain twist; scouting recruiting talent; executives officials; traded dealt swapped; waived released
re-signed retained kept; loaned lent; prospect talent youngster; pick selection choice; switched changed
experimented tinkered toyed; abandoned dropped ditched; leaned relied; defence defense
slower calmer steadier; heavier longer bigger; deeper wider broader; halftime the-break
bigger larger stronger; spectators onlookers attendees; braved endured sat-through
stayed remained lingered; parade procession celebration; turnovers giveaways; steals takeaways
chances opportunities; ground facility base; gym weight-room; academy youth-setup; reopened relaunched
recovery rehab; pool tank; renovated refitted redone; turf grass pitch; assistant aide staffer
doctor physician medic; strength fitness conditioning; tired weary fatigued; ready prepared
jerseys shirts kits; merchandise merch gear; podcast show; downloads listens; reissued re-released
climbed rose; pundits experts commentators; bettors punters gamblers; executives bosses
picked tipped backed; doubted discounted dismissed; airplay rotation; momentum steam traction
playlists mixes; club dance; viral big; racked piled; streams plays listens; licensed placed synced
commercial spot campaign; video music-video; television TV; broadcast telecast; wedding party
credits titles; documentary doc docuseries; programming production; vocal singing; string orchestral
arrangement setting; bridge middle-eight; outro coda ending; produced helmed; engineered recorded
admitted conceded confessed; looped repeating; muted palm-muted damped; soul funk; pad drone wash
whistled hummed; parody spoof send-up; mashup blend mix; circulated spread; taken pulled; covers tribute
batch set bunch; demos sketches; converted old; barn farmhouse; residency stint; arena stadium
livestream stream; college university; fright nerves; label record-company; management team
promoter booker; catalogue back-catalogue; collaboration team-up duet; headline top-billed
benefit fundraising; rooftop open-air; charity fundraising; merch merchandise; raffled auctioned
drive-in open-air; juries panels; pacing rhythm tempo; act section
cinematography camera-work photography; dialogue script writing; streaming on-demand online; cable broadcast
airline in-flight; menus catalogues; trailer promo; poster one-sheet; meme joke; scored composed
producer financier; shoot schedule; storm snowstorm gale; novel book; thriller mystery
trained rehearsed; prepared got-ready; researched studied; auditioned tried-out; role part character
revival remount; series show; voice animated; gala dinner ceremony; panel forum; conference summit
memoir autobiography; essay piece; column op-ed; hospital clinic; library archive; biography life
profile portrait; display view; galleries rooms halls; boardwalk pier promenade; boathouse pavilion
catalogued counted logged; digitised scanned; planted sowed; seeds specimens; maps charts; reeds weeds
photographs images pictures; measured tracked; mapped surveyed; traced followed; species kinds
cyclists walkers hikers; shuttle bus; lecture talk; walks hikes; membership friends; trail route
wildfire bushfire blaze; flooded swamped; damaged hit; shop gift-shop; archive records; complaint gripe
quiet slow; foundation trust; government council; donors patrons benefactors
scholarships bursaries grants; crew team; photographer filmmaker; writer journalist
documented photographed captured; parking car-parking; ticket pass; busiest fullest; crowded full
quietest calmest emptiest; noon midday
"""


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    """word -> its group (hyphenated entries are written with spaces, except real hyphenated words)."""
    keep = {"sold-out", "no-cost", "centre-back", "ball-handler", "chart-topper", "heat-spell"}
    out: dict[str, tuple[str, ...]] = {}
    for line in _GROUPS.replace(";", "\n").strip().splitlines():
        words = tuple(w if w in keep else w.replace("-", " ") for w in line.split())
        if len(words) < 2:
            continue
        for w in words:
            if " " not in w:
                out.setdefault(w, words)
    return out


# A lower-case word of two or more letters standing alone (not inside a name, a contraction, a hyphenated word
# or a `{slot}`); split() with it in a group gives [text, word, text, word, ..., text].
_WORD = re.compile(r"((?<![\w'’{-])[a-z][a-z]+(?![\w'’}-]))")


@lru_cache(maxsize=1)
def _words() -> dict[str, tuple[str, ...]]:
    """The table's entries that `_WORD` can match (no capitals, hyphens or spaces)."""
    return {w: g for w, g in table().items() if len(w) > 1 and w.isascii() and w.isalpha() and w.islower()}


class _Tokens(dict[str, "tuple[str, ...] | list[str]"]):
    """What a space-free token holds for `vary`: a grouped word's group (the token is that word), the token
    cut by `_WORD` when a grouped word sits inside it (a word with a comma), or () (a name, a number, a word
    outside the table). Tokens recur (the templates' words), so each is looked at once; looking one up is a
    plain dict lookup, which `vary` makes in C over the whole sentence."""

    def __missing__(self, token: str) -> tuple[str, ...] | list[str]:
        words = _words()
        group = words.get(token)
        if group is not None:
            kind: tuple[str, ...] | list[str] = group
        else:
            parts = _WORD.split(token)  # text, word, text, word, ..., text
            kind = parts if any(w in words for w in parts[1::2]) else ()
        if len(self) >= 100_000:  # numbers and names make the set of tokens open-ended
            self.clear()
        self[token] = kind
        return kind


_TOKENS = _Tokens()


def vary(text: str, rng: random.Random, share: float = 0.85) -> str:
    """`text` with some grouped lower-case words swapped for another of their group."""
    # The text is cut at single spaces: a space is neither a word character nor one of the marks `_WORD` looks
    # at on either side, so `_WORD` finds exactly the words in the tokens that it finds in the whole text.
    # Only the tokens that hold a grouped word are visited (compress), left to right: one draw per grouped
    # word and a second only when it is swapped. The world's prose is pinned to this order of rng calls.
    tokens = text.split(" ")
    kinds = list(map(_TOKENS.__getitem__, tokens))
    for i in compress(range(len(tokens)), kinds):
        kind = kinds[i]
        if type(kind) is tuple:
            if rng.random() <= share:
                tokens[i] = rng.choice(kind)
        else:
            tokens[i] = _vary_inside(kind, rng, share)  # type: ignore[arg-type]
    return articles(" ".join(tokens))


def _vary_inside(parts: list[str], rng: random.Random, share: float) -> str:
    words = _words()
    out = parts.copy()
    for i in range(1, len(parts), 2):
        group = words.get(parts[i])
        if group is not None and rng.random() <= share:
            out[i] = rng.choice(group)
    return "".join(out)


# An 'a'/'an' that the next word's first letter says is wrong ('u' counts as a consonant: "a unit"): only
# these change the text, so the right article (nearly all) costs no call back into Python. The pattern starts
# with the letter and checks the word boundary behind it, so the regex engine skips ahead to each 'a'.
_WRONG_ARTICLE = re.compile(r"[Aa](?<!\w[Aa])(?: (?=[aeioAEIO])|n (?=[b-df-hj-np-zB-DF-HJ-NP-Z]))")


def articles(text: str) -> str:
    """'a' or 'an' for the word that follows each (a swap can change its first sound)."""
    return _WRONG_ARTICLE.sub(_right_article, text)


def _right_article(m: re.Match[str]) -> str:
    wrong = m.group()
    return f"{wrong[0]}n " if len(wrong) == 2 else f"{wrong[0]} "
