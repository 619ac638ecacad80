"""What a team or player page talks about: form, injuries, training, transfers, tactics, fans, the venue's
atmosphere. Nothing states an asked attribute (scores, opponents, wins, coach, venue name, titles, founding
year, starters, captains, points per game): those come only from `statements`.
"""

from __future__ import annotations

TEAM = (
    "{s} [rested|lost|recalled|welcomed back|activated|sidelined] [their starting [point"
    " guard|guard|playmaker]|a veteran "
    "forward|two rotation players|their backup keeper|a rookie wing|[the club's|their]"
    " [top|best|first-choice|most reliable] defender|a reserve "
    "centre] [with a hamstring strain|after an ankle sprain|for {m} games|ahead of [the|a long|this "
    "week's] [road trip|trip west|swing east]|"
    "on {weekday}|for personal reasons|]",
    "[the front office [of|at] {s}|the general manager of {s}|{s}'s scouting staff|executives at"
    " {s}|{s}] [signed|waived|traded for|"
    "released|re-signed|loaned out|agreed terms with] [a {age}-year-old guard|a free-agent wing|a "
    "defender from {place}|a {age}-year-old midfielder|a two-way prospect|a veteran backup|a draft pick]"
    "[ on a {m}-year deal| for {grant}| before the deadline| on {d}|]",
    "{s} [switched to|experimented with|abandoned|leaned on|went back to] [a zone defence|a back three|a "
    "smaller lineup|a high press|a slower tempo|[heavier|more|longer] minutes [for|from] [the bench|"
    "reserves|backups]|a deeper "
    "rotation] [in the {ord} quarter|after halftime|in {month}|against bigger sides|on the road|]",
    "[about|nearly|roughly|more than] {n} [fans|supporters|spectators|season-ticket holders] [turned out|"
    "showed up|braved the rain|stayed late] [for the {weekday} game|for [an|the|a rare] open"
    " [practice|training session|workout]|"
    "[at|for] the {month} [fan day|open day]|for the parade in {place}|when {s} played at home]",
    "[{s} shot|the {s} defence held opponents to|{s} forced] [{pct} [from deep|from three|from beyond"
    " the arc|from long range]|{pct} from the field|"
    "{m} turnovers [in a half|in one half|before halftime]|{m} steals in the {ord} quarter|{pct} on"
    " second chances] [in {month}|over "
    "{m} games|[on the road trip|away from home|in road games|on their travels]|before the break|]",
    "[the training ground of {s}|the practice facility {s} uses|{s}'s gym|the club's academy] [reopened|"
    "added a recovery pool|was renovated for {grant}|moved to {place}|hosted {n} children|got new turf]"
    "[ in {month} {y}| last {season}| this {season}|]",
    "[{person}, an assistant with {s},|{person} of {s}|a team doctor for {s}|{s}'s strength coach] "
    "[said|told reporters|insisted|admitted] [the group was tired|minutes would be managed|the "
    "{ord} unit needed work|the [young|younger|new] players [were|looked|seemed] ready|the travel had"
    " been hard|the injury was minor]",
    "[jerseys of {s}|tickets for {s} games|{s} merchandise|the {s} podcast] [sold out|drew {n} "
    "downloads|went on sale|were reissued|climbed in price] [within {m} hours|in {month}|after the "
    "{weekday} win|before the season|at the {place} store|]",
    "{s} [travel to|fly to|bus to|stay in] {place} [for a {m}-game trip|after the {weekday} game|in "
    "{month}|on {d}|for a preseason camp|]",
    "[pundits in {place}|former players|bettors|league executives|local radio hosts] [picked|doubted|"
    "questioned|praised|wrote off] {s} [before the {month} stretch|after the {weekday} loss|in the {y} "
    "preview|as dark horses|for a deep run|]",
    "{s} [went|have gone|are] {m}-{m2} [in their last {m3} road games|in {month}|against "
    "winning sides|in back-to-backs|since [the {ord} week of {month}|early {month}|mid-{month}|late"
    " {month}]]",
)
TEAM_SHORT = (
    "[Practice|The shootaround|Training|The morning session|The {weekday} walkthrough|Film study|The "
    "team's workout] [ran [long|late|over|past noon]|was [closed|shut] to [the press|fans|reporters]|"
    "[moved|went|was moved] [indoors|inside|to a {place} gym]|was [cut short|called off early|trimmed|"
    "shortened]] [on {weekday}|in {place}|[because of|due to|after] [the rain|a storm|the heat|a roof "
    "leak]|before the flight|]",
    "{s} [did not|would not|declined to|refused to|chose not to] [confirm|address|discuss|deny] "
    "[the|a|that] [report|rumour|injury|move|story]"
    "[ on {weekday}| by email|]",
)
TEAM_LEADS = (
    "[before|after] the {weekday} [game|match|practice|flight]",
    "[in|during] the {ord} [quarter|half|week] of {month}",
    "on the {m}-game road trip",
    "[since|after] the {month} [break|deadline|window]",
)
PLAYER = (
    "{s} [worked on|rebuilt|changed|refined|simplified] [their jump shot|their footwork|their free throws|"
    "their off-hand dribble|their diet|their pre-game routine] [with {person}|over the {season}|in "
    "{place}|after the {month} slump|]",
    "{s} [missed|sat out|returned for|played through] [{m} games|the {weekday} game|the {ord} half|"
    "a back-to-back|the {month} road trip] [with a sore knee|after an illness|for rest|with a wrist "
    "injury|]",
    "[{person}, who trains {s},|a teammate of {s}|{s}'s agent, {person},] [said|told reporters|wrote|"
    "insisted] that [the contract talks were close|the injury was minor|the rhythm had come back|"
    "the summer work paid off|a move to {place} was never discussed]",
    "{s} [signed|renegotiated|opted out of|extended] [a shoe deal|a {m}-year contract|an endorsement "
    "with {firm}|a deal worth {grant}]",
)
PLAYER_SHORT = ("{s} [did not|would not] [speak|talk] to reporters [after the game|on {weekday}|]",)
AGES = tuple(str(a) for a in range(19, 36))
