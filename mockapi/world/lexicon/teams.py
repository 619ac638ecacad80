"""What a team or player page talks about: form, injuries, training, transfers, tactics, fans, the venue's
atmosphere. Nothing states an asked attribute (scores, opponents, wins, coach, venue name, titles, founding
year, starters, captains, points per game): those come only from `statements`.
"""

from __future__ import annotations

# One vocabulary for soccer clubs and basketball teams alike (a page does not know the sport): no keepers,
# midfielders, point guards, quarters, steals or three-pointers, which mixed two sports on one team's page.
TEAM = (
    "{s} [rested|lost|recalled|welcomed back|activated|sidelined] [[their|the club's|the team's]"
    " [starting|first-choice|regular|usual] playmaker|a"
    " veteran forward|two rotation players|a rookie|[the club's|their] [top|best|first-choice|most reliable]"
    " defender|a reserve] [with a hamstring strain|after an ankle sprain|for [two|three|four|a few] games|"
    "ahead of [the|a"
    " long|this week's] [road trip|trip west|swing east]|on {weekday}|for [personal|family] reasons|on"
    " personal grounds|]",
    "[[the front office|front-office staff|the recruitment team] [of|at] {s}|[the general manager|the GM"
    "|the sporting director] [of|at] {s}|"
    "{s}'s scouting staff|executives at"
    " {s}|{s}] [signed|traded for|re-signed|agreed terms with|added|picked up] [a {age}-year-old [forward"
    "|defender]|"
    "[a free-agent|an experienced|a backup|a journeyman|an unsigned] [defender|forward]|a [defender|forward]"
    " from {place}|a veteran [backup|reserve|depth player]|a [young|promising|raw|teenage] prospect]"
    "[ on a [two|three|four|one]-year [deal|contract|pact]| [before|ahead of|just before|days before|hours"
    " before] the [deadline|transfer deadline|window [closed|shut]|window shut|cut-off]| on {d}|]",
    "{s} [switched to|experimented with|went back to|tried|leaned on|settled on|returned to] [a [smaller|"
    "bigger|taller|younger|quicker] lineup|a [slower|faster|steadier|quicker|more patient] tempo|"
    "[heavier|more|longer] minutes [for|from] [the bench|reserves|backups]|a [deeper|shorter|longer"
    "|tighter] rotation] [[in|for|during|over] the [second|closing|last] [half|spell|stretch|minutes]|after"
    " halftime|in {month}|against [bigger|stronger|taller|top] sides|on the road|]",
    "[about|nearly|roughly|more than|close to|over] {crowd} [fans|supporters|spectators|[season-ticket|"
    "ticket|club] [holders|members]|locals] [turned out|showed up|[braved|sat through] [the|a] [rain|cold|"
    "wind|drizzle|chill]|stayed"
    " [late|behind|on]|came [along|out|to watch]|queued early] [for the {weekday} game|[for|at] [an|the|a"
    " rare|a free] open [practice|training session|workout]|"
    "[at|for] the {month} [fan day|open day]|[for|at] [a|the|one] [signing session|autograph hour|kit launch|"
    "meet-and-greet|Q&A evening|photo day|season launch|shirt launch] [in {place}|at the club shop|at the"
    " [arena|ground|stadium]|]|when {s} played at home]",
    "{s} [won|lost|dropped|took] {m2} of [their|the] [last|past|previous|latest] [ten|twelve|eleven|fifteen|"
    "dozen] [road games|home games|games|matches|outings|fixtures|away games|home dates|league games] [in"
    " {month}|before the [break|bye|holidays]|since {month}|through {month}|]",
    "[the [training ground|practice base|training complex|practice facility|training centre] [of|used by|"
    "run by|that belongs to|shared by] {s}|the practice facility {s} uses"
    "|{s}'s [gym|weight room|training base|"
    "academy]|the [club's|team's] [gym|training centre]] [reopened|"
    "added a [recovery|hydrotherapy|plunge|cold] pool|[was renovated|was refitted|got a makeover] for"
    " {grant}|hosted a [youth|junior|kids'|summer] [clinic|camp|skills day]|[got|gained|unveiled] [a new|a"
    " better|an"
    " upgraded] [floor|roof|lighting rig|video room]]"
    "[ in {month} {y}| last {season}|]",
    "[{person}, an assistant with {s},|{person} of {s}|a team doctor for {s}|{s}'s [strength|fitness|"
    "conditioning] coach] "
    "[said|told reporters|insisted|admitted] [the [group|squad|roster] [was|looked|felt] [tired|jaded|"
    "flat|leggy]|minutes would be [managed|limited|watched]|the [second unit|bench|reserves|backups"
    "|younger group] [needed|still needed|could use|had to find] [work|more reps|time|rhythm]|the [young"
    "|younger|new] players [were|looked|seemed]"
    " ready|the [travel|schedule|road swing|trip] had been [hard|tough|draining|long]|the [injury|knock]"
    " was [minor|not serious|day-to-day]]",
    "[[jerseys of {s}|tickets for {s} games|[shirts|scarves|caps] of {s}] [sold out|went on sale|climbed"
    " in price|were snapped up|were restocked|flew off the shelves]|{s} merchandise [sold out|went on"
    " sale|was restocked]|the {s}"
    " podcast [drew {n} downloads|returned]] [within {m} hours|in {month}|after [the|that|their]"
    " {weekday} [win|victory]|[before|"
    "ahead of|weeks before|just before] [the|this|last] [season|opener|home opener|derby]|]",
    "{s} [travelled to|flew to|arrived in|headed to|stayed in|[spent|had] [a night|two nights|three nights|"
    "a few days|a long weekend|a week|four days] in] {place} [for a"
    " {m2}-game trip|after the {weekday}"
    " game|in "
    "{month}|on {d}|for a preseason camp|]",
    # a verb that fits its phrase: "doubted X as dark horses" read contrary (15 of 100 g20 rank-1 pages)
    "[pundits in {place}|former players|bettors|league executives|radio [hosts|presenters] in {place}]"
    " [doubted|"
    "questioned|praised|wrote off] {s} [before the {month} stretch|after the {weekday} loss|in [their|"
    "a] {y} season [guide|preview]|]",  # "in a 2016 season predictions" (g35 audit)
    # no "dark horses": said of a league leader it read contrary (20 of 100 g23 rank-1 pages, the reader)
    # ("to finish near the top" alone was a stock 5-gram of g24c's pages)
    "[pundits in {place}|former players|bettors|radio [hosts|presenters] in {place}] [picked|tipped"
    "|backed] {s} [for a deep "
    "run|to go far|to [finish|end up|land] [near|close to|in|among] the top [four|half|spots|six|places]"
    "|to [push|fight|"
    "challenge] for [the title|the league title|top spot|a playoff [place|spot|berth]|a [top-four"
    "|top-two|top-three|top-six] [spot|"
    "place|finish|berth]]|to [contend|challenge] [this|next] season]",
)
TEAM_SHORT = (
    "[Practice|Training|The morning session|The {weekday} walkthrough|The video session|The "
    "team's workout] [ran [long|late|over|past noon]|was [closed|shut] to [the press|fans|reporters|the"
    " media|"
    "outsiders|visitors|cameras]|"
    "[moved|went|was moved] [indoors|inside|to a {place} gym]|was [cut short|called off early|trimmed|"
    "shortened]] [on {weekday}|in {place}|[because of|due to|after] [the rain|a storm|the heat|a roof "
    "leak]|before the flight|]",
    "{s} [did not|would not|declined to|refused to|chose not to] [confirm|address|discuss|deny] "
    "[the|a|that] [report|rumour|injury|move|story]"
    "[ on {weekday}| by email|]",
)
TEAM_LEADS = (
    "[before|after] the {weekday} [game|match|practice|flight]",
    "[in|during] the [first|second|last] week of {month}",
    "on the {m2}-game road trip",
    "[just after|after] the {month} [break|deadline|window]",  # a moment: "since" is for states
)
PLAYER = (
    "{s} [worked on|rebuilt|changed|refined|simplified] [their fitness|their footwork|their recovery work|"
    "their diet|their pre-game routine] [with {person}|over the {season}|in "
    "{place}|after the {month} slump|]",
    "{s} [missed|sat out|returned for|played through] [[two|three|four] games|the {weekday} game|the second"
    " half|"
    "a back-to-back|the {month} road trip] [with a sore knee|after an illness|for rest|with a wrist "
    "injury|]",
    "[{person}, who trains {s},|a teammate of {s}|{s}'s agent, {person},] [said|told reporters|wrote|"
    "insisted] that [the contract talks were close|the injury was minor|the rhythm had come back|"
    "the summer work paid off|a move to {place} was never discussed]",
    "{s} [signed|renegotiated|opted out of|extended] [a shoe deal|a [two|three|four]-year contract|an"
    " endorsement with {firm}|a deal worth {grant}]",
)
PLAYER_SHORT = (
    "{s} [did not|would not|declined to] [speak|talk] to [reporters|the media|the press] [after the [game|"
    "match|loss|win]|on {weekday}|]",
)
AGES = tuple(str(a) for a in range(19, 36))
