"""Word-level variation for generated prose: each lower-case word of a group may be swapped for another of
its group (same part of speech and form), so that the same template rarely yields the same run of words.

Only lower-case words are touched: names, titles and values are capitalised or numeric and pass unchanged.
A group holds words of one sense in every template that uses them: a word with several (stock, part, hit,
score, before, office, changed) is in no group, since a swap blind to sense ("the stockpile closed", "prior to
a packed room", "the front bureau") reads worse than a repeated word (issue 31's naturalness read).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from itertools import compress

_GROUPS = """
said noted claimed argued explained stressed insisted suggested; told informed reassured warned
praised applauded hailed lauded commended; criticised faulted slammed questioned knocked
debated disputed argued-over discussed
announced revealed confirmed disclosed unveiled; cancelled scrapped called-off axed
postponed delayed pushed-back deferred; opened launched debuted unveiled
built erected constructed put-up; restored refurbished renovated repaired revamped
began kicked-off; finished completed wrapped-up concluded; rose climbed gained advanced jumped
fell dropped slipped sank; bought acquired purchased picked-up; hired recruited took-on brought-on
found spotted identified uncovered
visited toured stopped-at; movie picture; song track tune; band outfit
singer artist performer; concert gig
album LP; fans supporters followers admirers; critics reviewers commentators
reporters journalists; analysts strategists; investors shareholders; staff employees workers
company firm business; team squad; players athletes; games matches; season campaign
deal agreement contract pact; plan proposal scheme; report study; study survey analysis
paper newspaper; magazine weekly journal; venue location; city town; festival showcase; new fresh
old older vintage; small modest little; large big sizeable; main key primary
recent latest newest; local regional; quiet calm slow; busy crowded packed; rare uncommon unusual
strong solid robust; weak soft sluggish; full packed sold-out; near close-to outside
after following; during throughout; within inside; storm downpour squall
heatwave heat-spell; trail path footpath; trails paths walkways
entrance gate entryway; trailer teaser preview
scene sequence moment; ending finale conclusion; soundtrack music; shoot production filming
crowd audience; crowds visitors audiences; children kids
students pupils; volunteers helpers; researchers scientists; guides docents; rangers wardens
engineers developers; managers executives; workers staffers; drivers couriers; warehouse depot
plant factory; store shop outlet; stores shops outlets; margins profitability
costs expenses; orders bookings; demand appetite; pricing prices; guidance outlook forecast
estimates forecasts expectations; notes bonds debt; loan facility; memo note letter; injury knock strain
trip swing journey; rookie newcomer youngster; veteran stalwart; defender centre-back
lineup rotation; tempo pace; bench reserves; chorus refrain hook; lyrics words
riff lick
remix rework reworking; sample snippet loop; voices singers
synth keyboard
restored remastered cleaned-up refurbished

bylaws charter rules; beetle pest borer
hiring recruitment recruiting; resume restart return; folk old traditional
tale story legend; signs signposts maps; litter rubbish trash
temperature temperatures; rule policy mandate; outsource offshore contract-out
hard tough draining; peaked topped-out crested; weekends holidays
reissue re-release repressing; minority small partial; rewritten reworked
acquisition takeover purchase; supply sourcing
buyback repurchase; bid offer approach; service platform; subscription membership
app application; storefront shopfront website; footprint presence
operations business; divisions units; suppliers vendors partners; centres hubs facilities
labs laboratories; research development; target price-target; positions holdings; exposure stakes
income profit earnings; consensus street; expected forecast projected; workers hands
contractors freelancers; refinancing rollover; regulators watchdogs
inquiry probe investigation; fined penalised sanctioned; dispute fight battle; merger tie-up combination
leased rented; hub centre campus; customers clients buyers; unions labour-groups
criticised attacked; sued litigated; lobbied campaigned; contract agreement; terms conditions
freight shipping transport; charge write-down; narrowed shrank tightened; widened grew expanded
improved recovered firmed; swelled ballooned climbed
spokesperson representative; procurement purchasing buying; memo message email
investors holders backers; orders demand; pricing prices; rested benched; sidelined ruled-out
recalled brought-back; activated reinstated; forward winger; rotation depth; hamstring thigh; ankle foot
scouting recruiting talent; executives officials; traded dealt swapped; waived released
re-signed retained kept; loaned lent; prospect talent youngster; pick selection choice
experimented tinkered toyed; abandoned dropped ditched; leaned relied; defence defense
slower calmer steadier; halftime the-break
spectators onlookers attendees; braved endured sat-through
stayed remained lingered; parade procession celebration; turnovers giveaways; steals takeaways
chances opportunities; gym weight-room; academy youth-setup; reopened relaunched
recovery rehab; renovated refitted redone; assistant aide staffer
doctor physician medic; strength fitness conditioning; tired weary fatigued; ready prepared
jerseys shirts kits; merchandise merch gear; downloads listens; reissued re-released
climbed rose; pundits experts commentators; bettors punters gamblers; executives bosses
doubted discounted dismissed; airplay rotation; momentum steam traction
playlists mixes; racked piled; streams plays listens; licensed placed synced
video music-video; television TV; broadcast telecast
documentary doc docuseries; vocal singing; string orchestral
bridge middle-eight; outro coda ending; produced helmed; engineered recorded
admitted conceded confessed; looped repeating; muted palm-muted damped
whistled hummed; parody spoof send-up; circulated spread
demos sketches; residency stint
livestream stream; college university; fright nerves; label record-company; management team
promoter booker; catalogue back-catalogue; collaboration team-up duet
rooftop open-air; charity fundraising; merch merchandise; raffled auctioned
juries panels; pacing rhythm tempo
cinematography camera-work photography; dialogue script writing; streaming on-demand online; cable broadcast
trailer promo; poster one-sheet
storm snowstorm gale; novel book; thriller mystery
prepared got-ready; researched studied; auditioned tried-out
revival remount; gala dinner ceremony; panel forum
memoir autobiography; essay piece; column op-ed; hospital clinic; library archive
galleries rooms halls; boardwalk pier promenade; boathouse pavilion
catalogued counted logged; digitised scanned; planted sowed; seeds specimens
photographs images pictures; measured tracked; mapped surveyed; traced followed
cyclists walkers hikers; shuttle bus; lecture talk; walks hikes; trail route
wildfire bushfire blaze; flooded swamped; shop gift-shop; complaint gripe
quiet slow; foundation trust; government council; donors patrons benefactors
scholarships bursaries grants; crew team; writer journalist
documented photographed captured; parking car-parking; ticket pass; busiest fullest; crowded full
quietest calmest emptiest; noon midday
"""


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    """word -> its group (hyphenated entries are written with spaces, except real hyphenated words)."""
    keep = {"sold-out", "no-cost", "centre-back", "ball-handler", "chart-topper", "heat-spell", "cleaned-up"}
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
    """'a' or 'an' for the word that follows each (a swap can change its first sound), and a name ending in
    s takes a bare apostrophe ("The Hollows' tour", not "The Hollows's tour")."""
    if "s's" in text:
        text = _PLURAL_NAME.sub(r"\1'", text)
    return _WRONG_ARTICLE.sub(_right_article, text)


_PLURAL_NAME = re.compile(r"\b([A-Z][A-Za-z]*s)'s\b")


def _right_article(m: re.Match[str]) -> str:
    wrong = m.group()
    return f"{wrong[0]}n " if len(wrong) == 2 else f"{wrong[0]} "
