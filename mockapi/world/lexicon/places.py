"""What a place or institution's page (universities, parks, museums, lakes, gardens, institutes) and a public
person's page talk about. Nothing states an asked attribute (visitors, latest update, population, director,
notable people, founding year, location, area, languages, birth): those come only from `statements`.
"""

from __future__ import annotations

TOPIC = (
    "{s} [reopened|closed|extended|restored|resurfaced|repaired] {facility} [after {m} months of work|for"
    " about {grant}|in {month} {y}|last {season}|]",
    "{crew} at {s} [planted {n} trees|"
    "planted {n} rare seeds|catalogued {n} objects|[catalogued|digitised|restored] [a century|decades|"
    "a lifetime] of [letters|correspondence|diaries]|[restored|digitised] the old maps|[cleared|pulled"
    " out|cut back] [invasive|overgrown|non-native] [reeds|weeds|scrub|bracken]|[digitised|catalogued] {n}"
    " photographs]"
    " [over the {season}|in {month}|[with help from|alongside|helped by] [{place}|volunteers from {place}]|]",
    "[a study from {s}|researchers at {s}|a survey of {s}|[a team|ecologists|a group] [working at|based"
    " at|from] {s}] [found|measured|"
    "mapped|reported|traced] [[a rise|an increase|a jump] in [water|lake|river] [temperature|temperatures]|"
    "{m} new bird species|[a drop|a fall|a decline] in [litter|rubbish|waste] [left by visitors|on the"
    " paths|]|"
    "[the spread|the reach|the advance|the march] of [a beetle|an [invasive|imported|alien] [beetle|weed|"
    "moss]|a [leaf|tree|bark] disease|a fungus|[non-native|foreign] [weeds|mosses]]|how [visitors"
    "|crowds|people] [move|spread out|gather|bunch up] [on weekends|at [peak|busy|the busiest]"
    " times|in summer]|{pct} more cyclists]",
    "{s} [added|launched|started|dropped|revived] [night tours|a shuttle from {place}|free entry on "
    "{weekday}s|a summer lecture series|guided morning walks|a membership scheme|a children's trail]"
    "[ in {month}| last {season}|]",
    # each cause with what it can do: "a heatwave flooded the car park" (g25 reader)
    "[[a storm|heavy rain|a burst pipe] [closed|damaged|flooded|shut]|[a heatwave|a power cut|a wildfire near"
    " {place}] [closed|shut]] [part of {s}|[the|the main|the visitor|the north|the lower] [car park|parking"
    " lot|parking area] [at|of|beside] {s}|parking at {s}|a"
    " gallery at {s}|the trails around {s}]"  # an object always: "Heavy rain damaged on 2022-12-24." (g24)
    "[ for {m} days| on {d}| in {month} {y}|]",
    "[{person}, who [guides tours|teaches|[keeps|runs|looks after] the [archive|records|collection]|runs the"
    " shop|[maintains|clears|walks] the trails] [at|for|around] {s},|a "
    "spokesperson for {s}|[a longtime|a new|a weekend|a retired] [volunteer|member|guide] at {s}] "
    "[said|told [a local paper|local reporters|a regional paper|the newsletter|a radio station]|wrote|"
    "posted|remarked] [that|] [crowds "
    "peak in "
    "{month}|[the {season}|{season}|{month}] [is|tends to be|is usually|is often] [the|a] [quiet|slow|calm]"
    " [time|period|stretch]|[parking|finding [a space|a spot|somewhere to park]|weekend parking]"
    " [is|remains|has become|is still] [the|a] [main|biggest|usual|common] [complaint|gripe]|the new "
    "[signs|maps|benches|signposts|paths] [helped|made a difference|worked|paid off]|[the "
    "budget|funding|the grant] [was cut|fell|had been trimmed] by {pct}]",
    "[the city of {place}|a foundation in {place}|donors|the regional government|alumni] [gave|pledged|"
    "approved|set aside] {grant} [for|towards] [[a|the] [new|planned|long-awaited] [wing|"
    "building|extension|annex] [at|for|beside] {s}|[repairs|upkeep] at {s}|"
    "scholarships at {s}|[a footbridge|a walkway|a path|a cycle lane] [near|to|past] "
    "{s}|[research|fieldwork] at {s}]",
    "[a film crew|a photographer from {place}|a [travel|food|nature] [writer|blogger]|a school group from"
    " {place}] [spent {m} days at {s}|documented {s}|visited {s} in {month}|[wrote|blogged|posted] [about|"
    "on|a piece on] {s}]",
)
# A building or a body (an opera house, a library, a museum, a university, a hospital, an orchestra: `kinds`'
# institutions) is visited, studied and kept, never walked or grown: no trees, seeds, weeds, bird species,
# trails, hikes or wildfires (86 of 91 opera-house pages of g38's default world read as nature reserves:
# "found 11 new bird species", "guided morning hikes", "a wildfire closed part of the library", reader36).
# TOPIC's line 0 (its {facility}); its benefactors (6) and visitors (7) as TOPIC's, in an institution's words.
INSTITUTION = (
    TOPIC[0],
    "{crew} at {s} [catalogued {n} objects|[catalogued|digitised|restored] [a century|decades|a lifetime] of"
    " [letters|correspondence|diaries|programmes|records]|[restored|digitised] the old [maps|plans|"
    "photographs|recordings]|[digitised|catalogued] {n} photographs|[sorted|rehoused] {n} [boxes of papers|"
    "old programmes|donated books]] [over the {season}|in {month}|[with help from|alongside|helped by]"
    " [{place}|volunteers from {place}]|]",
    "[a study from {s}|researchers at {s}|[a survey|a poll|a count] of visitors [to|at] {s}|[a team|a"
    " group] [working at|based"
    " at|from] {s}] [found|measured|reported|traced] [how [visitors|crowds|people] [move|spread out|gather|"
    "bunch up] [on weekends|at [peak|busy|the busiest] times|in summer]|[a rise|an increase|a jump] in"
    " [evening|weekday|school|first-time] visits|{pct} more [school groups|first-time visitors|weekday"
    " visitors]|[a drop|a fall] in [waiting times|[queues|waits] at the [entrance|door|ticket desk]]"
    "|[damp|light damage|wear] in [the|"
    "its] [oldest|rarest] [books|objects|manuscripts|rooms]]",
    "{s} [added|launched|started|dropped|revived] [late openings|night tours|a shuttle from {place}|free"
    " entry on {weekday}s|a summer lecture series|guided tours|a membership scheme|a children's audio"
    " guide|family"
    " mornings|a [lunchtime|evening] concert series][ in {month}| last {season}|]",
    "[[a storm|heavy rain|a burst pipe|a roof leak] [closed|damaged|flooded|shut]|[a heatwave|a power cut|a"
    " fire alarm] [closed|shut]] [part of {s}|[the|the main|the visitor|the north|the lower] [car park|"
    "parking lot|parking area] [at|of|beside] {s}|parking at {s}|a [gallery|reading room|lecture hall|"
    "foyer] at {s}][ for {m} days| on {d}| in {month} {y}|]",
    "[{person}, who [guides tours|teaches|[keeps|runs|looks after] the [archive|records|collection]|runs the"
    " shop|[books|runs] the [events|concerts|talks]] [at|for] {s},|a spokesperson for {s}|[a longtime|a"
    " new|a weekend|a retired] [volunteer|member|guide] at {s}] [said|told [a local paper|local reporters|a"
    " regional paper|the newsletter|a radio station]|wrote|posted|remarked] [that|] [crowds peak in"
    " {month}|[the {season}|{season}|{month}] [is|tends to be|is usually|is often] [the|a] [quiet|slow|"
    "calm] [time|period|stretch]|[parking|finding [a space|a spot|somewhere to park]|weekend parking]"
    " [is|remains|has become|is still] [the|a] [main|biggest|usual|common] [complaint|gripe]|the new"
    " [signs|maps|benches|signposts|displays] [helped|made a difference|worked|paid off]|[the budget|"
    "funding|the grant] [was cut|fell|had been trimmed] by {pct}]",
    # its benefactors as TOPIC's, but no "path", which `synonyms` makes a "trail" ("donors set aside $445,000
    # towards a trail past Lake Roy Opera House": 4 of 1,560 sentences naming an institution at 63002bd)
    "[the city of {place}|a foundation in {place}|donors|the regional government|alumni] [gave|pledged|"
    "approved|set aside] {grant} [for|towards] [[a|the] [new|planned|long-awaited] [wing|building|extension|"
    "annex] [at|for|beside] {s}|[repairs|upkeep] at {s}|scholarships at {s}|[a footbridge|a walkway|a ramp|a"
    " new entrance] [near|to|at] {s}|[research|fieldwork] at {s}]",
    "[a film crew|a photographer from {place}|a [travel|arts|architecture] [writer|blogger]|a school group"
    " from {place}] [spent {m} days at {s}|documented {s}|visited {s} in {month}|[wrote|blogged|posted]"
    " [about|on|a piece on] {s}]",
)
# What a topic has to repair and who works there, by what it is (`kinds.topic_class`): a lake "repaired two
# reading rooms" and a city of 100,000 had curators (g28 reader: places on a museum's template)
FACILITIES = {
    "institution": "[its north entrance|a wing built in {y}|the visitor centre|two reading rooms|the east "
    "galleries|the main hall]",
    "nature": "[its north entrance|the main trail|the visitor centre|the boardwalk|the old boathouse|the "
    "lakeside path|the car park]",
    "place": "[the town hall|the main square|the old market hall|the central library|the bus station|the "
    "riverside walk]",
}
CREWS = {
    "institution": "[volunteers|staff|students|curators]",
    "nature": "[volunteers|rangers|staff]",
    "place": "[volunteers|council workers|local schoolchildren|neighbours]",
}
# A town, a city or a county is lived in, not visited: its council votes, its buses, its roadworks, its
# markets and floods, never a sight's crowd hours, night tours, closed car parks or tour guides ("Thornview is
# emptiest on Saturdays", "A heatwave closed part of Wintercrest for 3 days": towns of 114,759 and 182,653,
# all three absurd readings of g29's default world). TOPIC[0] and TOPIC[1] take the settlement's
# {facility}/{crew} (`FACILITIES`, `CREWS`); the rest are a settlement's own events.
TOWN = (
    TOPIC[0],
    # its people, not a site's staff: "volunteers at Thornview" is a sight's (the audit's places line)
    "[{crew} in {s}|residents of {s}] [planted {n} trees|cleared [litter|rubbish|weeds] from the"
    " [riverbank|canal towpath|old cemetery]|[restored|repainted] the war memorial|[digitised|collected] {n}"
    " old photographs|raised {grant} for the [food bank|youth club|library]] [over the {season}|in"
    " {month}|]",
    "[the council in {s}|councillors in {s}|the {s} council] [voted [for|against|to delay]|backed|"
    "shelved|approved] [a new [housing estate|leisure centre|cycle lane|primary school]|[higher|lower]"
    " bus fares|[a rise|a cut] in council tax|plans for a [bypass|new library|tram line]]",
    "[a new bus route|a night bus|an express bus|a later last bus] [between {s} and {place}|from {s} to"
    " {place}|linking {s} with {place}] [started running|began|was added|was cut back] [in {month} {y}|"
    "last {season}|]",
    "[roadworks|resurfacing work|[work|repairs] on [the|a] [water|gas|sewer] [mains|main|pipes]|pipe"
    " repairs] [on|along] [the high street"
    "|the ring road|Station"
    " Road|the old bridge] in {s} [ran {m} weeks over|lasted {m} weeks|closed [one lane|two lanes]|ended in"
    " {month}]",
    "[a farmers' market|a Christmas market|a street fair|a summer festival|a food festival] [returned"
    " to|was held in|came back to|[filled|packed|took over] [the main square|the market square|the old"
    " town|the streets] of]"
    " {s} [in {month}|last {season}|]",
    "[a storm|heavy rain|a burst water main|a flash flood] [flooded|swamped] [the high street|several"
    " streets|the ring road|low-lying homes|the underpass] in {s} [on {d}|in {month} {y}|]",
    "[{person}, who [runs a bakery|teaches|sits on the council|runs the library|drives a taxi] in {s},|a"
    " council spokesperson in {s}|[a longtime|a new|a retired] resident of {s}] [said|told [a local paper|"
    "local reporters|a radio station|the newsletter]|wrote|posted] [that|] [[rents|house prices] [rose|"
    "climbed|fell] by {pct}|the new [bus timetable|cycle lanes|street lights|benches] [helped|made a"
    " difference|paid off]|[the budget|funding|the grant] [was cut|fell] by {pct}|[traffic|potholes|the"
    " bins] [is|are|remain] the [main|biggest|usual] [complaint|gripe]]",
    "[a survey of residents in {s}|researchers from {place}|a study of {s}|the council in {s}] [found|"
    "reported|measured|counted] [[a rise|a fall] in [rents|house prices|traffic|bus use]|{pct} more"
    " cyclists|{m} new shops on the high street|[a drop|a fall] in [litter|rubbish] on the streets]",
    "[the regional government|donors|a foundation in {place}|the council] [gave|pledged|approved|set"
    " aside] {grant} [for|towards] [a new [library|sports centre|health centre|bus depot] in {s}|repairs to"
    " [the high street|the ring road|the old bridge] in {s}|[a footbridge|a cycle lane|a walkway] [into|"
    "across|near] {s}|flood defences [for|in] {s}]",
    "[a film crew|a photographer from {place}|a [travel|food] [writer|blogger]|a school group from"
    " {place}] [spent {m} days in {s}|documented {s}|visited {s} in {month}|[wrote|blogged|posted] [about|"
    "a piece on] {s}]",
)
# The clauses of a topic by what it is (`kinds.topic_class`): a lake or a museum is visited, a town lived in
TOPIC_BY_CLASS = {"institution": INSTITUTION, "nature": TOPIC, "place": TOWN, "concept": TOPIC}
TOPIC_SHORT = (
    "[Parking|A day ticket|The shuttle [bus|service]|A guided [walk|tour]|Entry|An annual pass|A family"
    " ticket] "
    "[at|for|to] {s} [costs|runs about|is priced at|comes to|sets visitors back] {fee}",
    "{s} [is busiest|gets crowded|is quietest] [on {weekday}s|in {month}|around noon|after {time}]",
)
# A town, a village or a county is lived in, not entered: what a visit costs there is a bus, a permit or a
# meal, never a ticket to the town itself ("A day ticket for Saint Larkridge comes to £20": the audit's
# places sold with tickets, 6 cases on g25's default world)
# (a coffee at a coffee's price: "A coffee on the high street for Deborahborough comes to $40.50", g27
# reader #21)
TOWN_SHORT = (
    "[A permit to park|A monthly bus pass|A bus pass|A taxi from the station] "
    "[in|for|across] {s} [costs|runs about|is priced at|comes to|sets people back] {fee}",
    "A [coffee|cup of coffee|bus ticket] [on the high street|in the centre|] [in|for|across] {s} [costs|runs"
    " about|is priced at|comes to|sets people back] {cheap}",
    # where a sight has its crowd hours ("{s} is busiest on Mondays", said of a county: g29 reader #40)
    "{s} [holds|has|runs] a [market|farmers' market|street market|car-boot sale] [on {weekday}s|every"
    " {weekday}|in {month}]",
)
# A university, an institute, a school, a hospital, a library or a foundation is entered without a ticket
# ("A day ticket at Buckbury Institute of Technology is still priced at $3.50": g27 reader #1, #38)
INSTITUTION_SHORT = (
    "[Parking|A parking permit|The shuttle [bus|service]|A visitor parking pass] [at|for|to] {s} [costs|runs"
    " about|is priced at|comes to] {fee}",
    TOPIC_SHORT[1],
)
PERSON = (
    # the verb fits its object: "judged a hospital" read wrong on 10 of 100 g18 rank-1 pages, "judged a
    # fundraising ball" on 7.5 of 100 g19 ones
    "{s} [spoke at|was honoured at|hosted|addressed] [a [gala|dinner|fundraiser|reception] in"
    " {place}|a charity [dinner|auction|ball]|a [panel"
    "|debate"
    "|forum] on {topic}|a [conference|summit|forum|congress] [in|held in|hosted in] {place}] [in {month}"
    " {y}|on {d}|]",
    "{s} [spoke at|visited|toured|opened a wing of] a [school|college|university|hospital] in {place} [in"
    " {month} {y}|on {d}|]",
    "{s} [wrote|published|penned] [a memoir|an essay on {topic}|a letter about {topic}|[a column|a guest"
    " essay|a piece|an article] [for|in] [a paper|a [daily|weekly|local] paper|a magazine|a newsletter]"
    " [in|from|based in] {place}]",
    "{s} [led|joined|backed|chaired] [a campaign for {topic}|a [fund|drive|committee] for {topic}|a march"
    " in {place}|an appeal for [flood|storm|fire] victims in {place}] [in {month} {y}|last {season}|]",
    "[a [statue|mural|plaque|bench] [honouring|named for|of] {s}|a [street|school|bursary|reading room]"
    " named for {s}] [was unveiled|went up|opened] in {place} [in {month} {y}|on {d}|last {season}|]",
    "{s} [turned down|accepted|was offered|declined] [a [seat|place|role] on [a|the] [board|panel|council|"
    "jury] [of|for] a [museum|school|charity|hospital|theatre] [in|near] {place}|a post in {region}|[an"
    " award|a medal|a prize|a fellowship] [from|in] {place}]",
    "{s} [donated|gave|pledged|raised] {grant} [to|for] [[a [children's|city|rural|teaching] hospital|a"
    " [public|school|village|city] library|a [food bank|shelter|theatre|youth club]] [in|near|outside]"
    " {place}|work on {topic}]",
    "[a biography of {s}|a profile of {s}|an archive of {s}'s letters|a portrait of {s}] [was published|"
    "went on display|was sold for {price}|was found in {place}] [in {month} {y}|on {d}|]",
)
TOPICS = (
    "climate", "housing", "education", "public art", "river clean-up", "urban trees", "local history",
    "rural schools", "science funding", "library hours",
)  # fmt: skip
LANGS = ("Spanish", "French", "German", "Mandarin", "Portuguese", "Arabic", "Hindi", "Japanese", "Korean")
