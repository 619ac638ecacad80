"""Word-level variation for generated prose: each lower-case word of a group may be swapped for another of
its group (same part of speech and form), so that the same template rarely yields the same run of words.

Only lower-case words are touched: names, titles and values are capitalised or numeric and pass unchanged.
A group holds words of one sense in every template that uses them: a word with several (stock, part, hit,
score, before, office, changed, firm, paper, holders, street, ending, video, circulated, busy, opened, costs)
is in no group, since a swap blind to sense ("the stockpile closed", "prior to a packed room", "the front
bureau", "pricing stayed company", "home music video", "debuted a probe", "Parking for X expenses $30" of
g27) reads worse than a repeated word (issue 31's naturalness read); nor demos/sketches (an animated film's
"concept sketches" became "concept demos", a recording's word, "still spotted in an outlet" 21 years after
the release: world37's default world's lives line); nor after/following, inside/within,
fight/dispute ("looks following the records", "The morning session went within.", "a dispute double": the
g24 reader).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from itertools import compress

_GROUPS = """
said noted claimed argued explained stressed insisted suggested
praised applauded hailed lauded commended; criticised faulted slammed questioned knocked
debated disputed argued-over discussed
announced revealed confirmed unveiled; cancelled scrapped called-off axed
postponed delayed pushed-back deferred
built erected constructed put-up; restored refurbished renovated repaired revamped
began kicked-off; finished completed wrapped-up concluded; rose climbed gained advanced jumped
bought acquired purchased picked-up; hired recruited took-on brought-on
visited toured stopped-at; song track tune; band outfit
concert gig
album LP; fans supporters followers admirers; critics reviewers commentators
reporters journalists; analysts strategists; investors shareholders; staff employees workers
team squad; players athletes; games matches; season campaign
deal agreement contract pact; plan proposal scheme; report study; study survey analysis
magazine weekly journal; city town; festival showcase
small modest little; large big sizeable
local regional; rare uncommon unusual
strong solid robust; weak soft sluggish
during throughout; storm downpour squall
heatwave heat-spell; trail path footpath; trails paths walkways
entrance gate entryway; trailer teaser preview
scene sequence moment
crowd audience; crowds visitors audiences; children kids
students pupils; volunteers helpers; researchers scientists; guides docents; rangers wardens
engineers developers; managers executives; workers staffers; drivers couriers; warehouse depot
store shop outlet; stores shops outlets; margins profitability
orders bookings; demand appetite; pricing prices; guidance outlook forecast
estimates forecasts expectations; memo note letter; injury knock strain
trip swing journey; rookie newcomer youngster; veteran stalwart
lineup rotation; tempo pace; bench reserves; chorus refrain hook; lyrics words
riff lick
remix rework reworking; sample snippet loop; voices singers
synth keyboard
restored remastered cleaned-up refurbished

bylaws charter rules; beetle pest borer
hiring recruitment recruiting; resume restart return
litter rubbish trash
rule policy mandate; outsource offshore contract-out
peaked topped-out crested
reissue re-release repressing; minority small partial; rewritten reworked
acquisition takeover purchase
buyback repurchase; bid offer approach; subscription membership
app application; storefront shopfront website; footprint presence
divisions units; suppliers vendors partners; centres hubs facilities
labs laboratories; positions holdings; exposure stakes
income profit earnings; expected forecast projected; workers hands
contractors freelancers; refinancing rollover; regulators watchdogs
inquiry probe investigation; fined penalised sanctioned; dispute battle; merger tie-up combination
leased rented; customers clients buyers; unions labour-groups
criticised attacked; lobbied campaigned; contract agreement
freight shipping transport; narrowed shrank tightened; widened grew expanded
improved recovered firmed; swelled ballooned climbed
spokesperson representative; procurement purchasing buying; memo message email
orders demand; pricing prices; rested benched; sidelined ruled-out
activated reinstated; hamstring thigh; ankle foot
executives officials
re-signed retained kept; loaned lent; prospect talent
experimented tinkered toyed; leaned relied; defence defense
slower calmer steadier; halftime the-break
spectators onlookers attendees; braved endured sat-through
parade procession celebration; turnovers giveaways; steals takeaways
chances opportunities; reopened relaunched
renovated refitted redone; assistant aide staffer
doctor physician medic; tired weary fatigued
jerseys shirts kits; merchandise merch gear; downloads listens; reissued re-released
climbed rose; pundits experts commentators; bettors punters gamblers; executives bosses
momentum steam traction
playlists mixes; racked piled; streams plays listens
television TV; broadcast telecast
documentary doc docuseries; vocal singing
admitted conceded confessed; looped repeating
whistled hummed; parody spoof send-up
residency stint
livestream stream; college university; fright nerves; label record-company
promoter booker; catalogue back-catalogue
charity fundraising; merch merchandise
juries panels; pacing rhythm tempo
cinematography camera-work photography; dialogue script; cable broadcast
trailer promo; poster one-sheet
storm snowstorm gale
researched studied; auditioned tried-out
revival remount; gala dinner ceremony; panel forum
memoir autobiography; column op-ed
galleries rooms halls; boardwalk pier promenade; boathouse pavilion
catalogued counted logged; digitised scanned; planted sowed; seeds specimens
measured tracked; mapped surveyed; traced followed
cyclists walkers hikers; lecture talk; walks hikes; trail route
wildfire bushfire blaze; flooded swamped; shop gift-shop; complaint gripe
foundation trust; government council; donors patrons benefactors
scholarships bursaries grants; crew team
documented photographed captured; parking car-parking; busiest fullest
quietest calmest emptiest; noon midday
"""


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    """word -> its group (hyphenated entries are written with spaces, except real hyphenated words)."""
    # real hyphenated words ("re signed", "re release" read as typos: the reader's g14 count, 11.8 % of pages)
    keep = {
        "sold-out", "no-cost", "centre-back", "ball-handler", "chart-topper", "heat-spell", "cleaned-up",
        "re-signed", "re-release", "re-released",
    }  # fmt: skip
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
    draw, bits = rng.random, rng.getrandbits
    for i in compress(range(len(tokens)), kinds):
        kind = kinds[i]
        if type(kind) is tuple:
            if draw() <= share:
                n = len(kind)  # `rng.choice(kind)` inlined, as in grammar.expand (the same draws)
                k = n.bit_length()
                r = bits(k)
                while r >= n:
                    r = bits(k)
                tokens[i] = kind[r]
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


# An 'a'/'an' that the next word's first sound says is wrong: 'an' before a vowel letter, a u- word said
# with a vowel ("an update", "an unusual", not "a unit", "a user") and a number said with one ("an 8-week",
# "an 11-city", "an 18"); 'a' before other consonants and numbers. Only these change the text, so the right
# article (nearly all) costs no call back into Python. The pattern starts with the letter and checks the word
# boundary behind it, so the regex engine skips ahead to each 'a'. A share class's letter is no article
# ("Class A Ordinary Shares" read "Class An Ordinary Shares" 40 times on one g18 page).
_U_VOWEL = r"[uU](?:n(?!i)|p|g|l|m|r(?![aoiu])|s(?![eu])|t(?!i)|nd)"
_SAID_EIGHT = r"(?:8|1[18](?![\d.])|1[18],\d{3}(?![\d,.]))"
_WRONG_ARTICLE = re.compile(
    rf"[Aa](?<!\w[Aa])(?<!Class A)(?<!Series A)(?: (?=[aeioAEIO]|{_U_VOWEL}|{_SAID_EIGHT})"
    rf"|n (?!{_U_VOWEL}|{_SAID_EIGHT}|hour|honest|heir)(?=[b-df-hj-np-zB-DF-HJ-NP-Z0-9]))"
)


def articles(text: str) -> str:
    """'a' or 'an' for the word that follows each (a swap can change its first sound), a name ending in s
    takes a bare apostrophe ("The Hollows' tour", not "The Hollows's tour") and a relative date no "on"."""
    if "s's" in text:
        text = _PLURAL_NAME.sub(r"\1'", text)
    if ("ago" in text or "yesterday" in text or "last " in text) and "n " in text:
        text = _ON_RELATIVE.sub("", text)
    return _WRONG_ARTICLE.sub(_right_article, text)


# "on {date}" with a date written relative to the page ("on 6 days ago", "On yesterday"): the "on" goes
_ON_RELATIVE = re.compile(
    r"\b[Oo]n (?=yesterday\b|\d+ days ago\b|last (?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b)"
)
_PLURAL_NAME = re.compile(r"\b([A-Z][A-Za-z]*s)'s\b")


def _right_article(m: re.Match[str]) -> str:
    wrong = m.group()
    return f"{wrong[0]}n " if len(wrong) == 2 else f"{wrong[0]} "
