"""A core vocabulary of everyday English, written for the audit: words that are never entity names.

Synthetic pages use a few hundred lower-case words, so a vocabulary read off them alone would call "tell",
"cost" or "born" entity material. This list adds the common verbs, nouns, adjectives and adverbs that
questions about companies, sports, music, films and general knowledge use, in any phrasing; it names no
entity. Inflected forms are listed where questions use them ("won", "released").
"""

from __future__ import annotations

_TEXT = """
ask asked asks know knew known knows tell told tells say said says give gave given gives get got gets
find found finds need needs want wants like liked would wonder wondering curious curiosity think thought
sure idea help remind show shown list name named names call called look looking see seen seem use used
make made makes take took taken come came go went gone going keep kept put let check forgot forget
remember mean means happen happened happens settle debate quick question questions answer anyone someone
somebody thing things stuff buy bought pay paid paying cost costs costed sell sold sells spend spent
trade traded trading traded invest own owned owns owner earn earned earns rise rose risen fall fell
fallen drop dropped close closed closing open opened opening change changed changes grow grew grown
increase increased decrease decreased reach reached hit win won wins winning lose lost loses losing beat
beaten play played plays playing score scored scores scoring lead led leads finish finished start
started starts begin began begun end ended ends join joined leave left move moved sign signed draft
drafted coach coached manage managed run ran runs running host hosted hold held release released
releases releasing record recorded sing sang sung write wrote written direct directed star starred stars
appear appeared act acted produce produced perform performed premiere premiered publish published
compose composed feature featured top topped chart charted debut debuted tour toured born die died dead
live lived lives living marry married found founded establish established build built create created
design designed discover discovered invent invented locate located base based situate situated serve
served become became belong belongs work worked works include included includes contain contains speak
spoken spoke visit visited list listed rank ranked rate rated count counted compare compared company
companies business firm corporation stock stocks share shares price prices market markets cap value
values dividend dividends yield yields earnings revenue revenues income profit profits loss losses sales
volume ratio eps p/e exchange ticker symbol index fund investor investors quarter quarters fiscal annual
team teams game games match matches season seasons league leagues player players coach coaches opponent
opponents point points goal goals wins losses record records playoff playoffs championship championships
title titles final finals cup tournament tournaments race races round rounds margin home away stadium
arena fans roster starter starters captain movie movies film films cast actor actors actress director
directors producer budget gross box office sequel sequels role roles character characters oscar oscars
award awards nomination nominations genre genres rating ratings runtime minutes hours studio studios
series episode episodes song songs album albums single singles artist artists band bands member members
singer singers music musician musicians label grammy grammys billboard hot chart charts week weeks track
tracks lyrics concert tour group groups lead vocalist guitarist drummer person people man woman men
women child children family father mother son daughter wife husband spouse brother sister founder
founders ceo president chairman leader head public figure birthplace hometown country countries city
cities state states town place places area population language languages capital location headquarters
address river lake mountain island museum zoo park library university college school cathedral garden
landmark building bridge street region world nation year years month months week day days date time
times hour decade decades century centuries age ages today yesterday tomorrow tonight now current
currently recent recently latest last next first second third fourth fifth previous ago since until
later earlier early late before after during once twice ever never always often usually sometimes again
still already yet soon number numbers amount total sum average mean median percent percentage rate rates
size height length width weight distance square kilometres kilometers miles feet meters dollars dollar
million millions billion billions thousand thousands hundred hundreds half double one two three four
five six seven eight nine ten eleven twelve fifteen twenty thirty hundred big bigger biggest small
smaller smallest large larger largest high higher highest low lower lowest long longer longest short
shorter shortest old older oldest young younger youngest new newer newest good better best bad worse
worst great greater greatest many more most few fewer fewest much less least top bottom main major minor
full whole entire total overall combined final official real true false same different other another
each every all both either neither whole several various own exact exactly approximately about around
roughly nearly almost over under above below between among against within without per difference differ
different compared versus vs than rather instead whether which whichever whoever whatever also too very
really just only even still quite pretty so such thus therefore however though although because since
while whereas
"""

# Contractions of function words: one token each ("what's"), never entity material.
_CONTRACTIONS = """
what's who's where's when's how's why's it's that's there's here's he's she's let's i'm i'd i've i'll you're
you've you'll we're we've they're they've don't doesn't didn't isn't wasn't aren't weren't can't couldn't
won't wouldn't haven't hasn't hadn't shouldn't whats whos wheres hows thats theres im dont doesnt didnt isnt
"""
_MORE = """
add added adds right wrong across thanks thank parent subsidiary plus minus put okay ok hey hi hello please
pls maybe probably actually exactly kind sort type types kinds
monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays saturday saturdays
sunday sundays weekday weekdays weekend weekends gap gaps position positions peak peaked performer
performers performance performances successful success collaboration collaborations celebrity celebrities
famous highway highways road roads villain villains comic comics book books up down out off back through
along onto upon
"""

# Kinds of things questions group by: industries, genres, kinds of places and groups (plural forms
# included). Everyday nouns, not names: "the semiconductor stocks" or "rock bands" name no entity, where
# "the dow jones" or "serie a" do. A 400-page sample rarely writes them in lower case often enough to
# enter the page vocabulary, so without this list "bank stocks" read as entity material.
_KINDS = """
bank banks airline airlines utility utilities biotech oil gas retail retailer retailers software tech
technology energy insurance insurer insurers pharmaceutical pharma mining miner miners telecom telecoms
semiconductor semiconductors chipmaker chipmakers automaker automakers carmaker carmakers steel media
healthcare industry industries sector sectors horror comedy comedies action animated animation
documentary documentaries drama dramas thriller thrillers science fiction romance romantic western
westerns pop rock country hip hop rap jazz indie r&b folk blues metal punk soul classical electronic
rapper rappers duo duos trio museums universities colleges schools lakes rivers parks castles bridges
stadiums arenas towers islands landmarks mountains buildings gardens libraries zoos cathedrals clubs
manager managers owner owners veteran veterans starting
rookie rookies guard guards forward forwards striker strikers goalkeeper goalkeepers formed u
basketball football soccer baseball hockey tennis golf trying
"""

COMMON_WORDS: frozenset[str] = frozenset(
    _TEXT.split() + _CONTRACTIONS.split() + _MORE.split() + _KINDS.split()
)
