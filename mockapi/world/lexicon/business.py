"""What a company page talks about: operations, deals, products, the share's moves, analysts, results, staff.

None of it states an attribute a question asks (price, volume, market cap, P/E, EPS, dividend, CEO,
headquarters, founding, listing year, founders, holders): those come only from `statements`.
"""

from __future__ import annotations

COMPANY = (
    "{s} [expanded|trimmed|reorganised|consolidated|streamlined|overhauled] [its logistics network|its "
    "retail "
    "footprint|the sales organisation|its European operations|two regional divisions|its cloud unit|the "
    "consumer business|its supplier base|its distribution centres|the services arm|its research labs]",
    "{s} [announced|completed|abandoned|is weighing|agreed to|quietly pursued] [a {money} acquisition|[a"
    " joint venture|a partnership|a tie-up] [in|across|"
    "covering] {region}|a licensing deal with {firm}|[the sale of|selling|a sale of|offloading] [a"
    " minority|a small|a partial|a {pct}|part of its|its] [stake|holding|interest] [in its {unit} arm|to"
    " {firm}|]|a supply agreement with "
    "{firm}|a {money} share buyback|a bid for {firm}|[spinning off|selling off|splitting off|carving"
    " out] its {unit}"
    " [unit|arm|business]]",
    "{s} [launched|delayed|repriced|recalled|redesigned|discontinued|previewed] [a [product line|range|"
    "lineup] [aimed at|for|made for] "
    "{buyers}|its flagship service|an entry-level [model|version|edition|option]|a subscription tier|its"
    " mobile app|its online "
    "storefront|two older products|a line for {buyers}]",
    # a session's move is a few percent ({move}; 11-39 % a day on 7 of 8 g23 finance pages, the reader), and
    # a week ends on a session ({sd}: "in the week to" a Saturday read as weekend trading)
    "[shares of {s}|{s} stock|the stock|{s}] [gained|lost|added|shed|rose|fell|slid|jumped] {move} [in early "
    "trading|after the open|on {session}|in heavy volume|over {m} sessions|as yields moved|before the bell|"
    "into the close|[in the week to|in the [five|seven] days to|over the week ending] {sd}]",
    "[analysts at {firm}|a {firm} analyst|portfolio managers at {firm}|[short sellers|hedge funds|a short"
    " seller]|credit analysts at "
    "{firm}|the desk at {firm}] [[raised|lifted|bumped up] [their|its|a] [target|estimate]"
    " [on|for]|downgraded|upgraded|[reiterated|kept|stuck with|repeated] [a|their|its] [hold|neutral|"
    "market-weight] [rating|call|view] on|added to "
    "positions in|trimmed exposure to|questioned the margins of|started coverage of] {s}",
    # revenue and profit in their own ranges, every profit below every revenue: "first-quarter operating
    # profit of $526m" beside "first-quarter revenue of $458m" (g22 reader: 12.5 of 100 rank-1 pages)
    "{s} [reported|posted|booked|announced] [[{q} revenue|{q} sales|revenue [for|in|over] the {qn}] [of|at|"
    "worth|totalling|near] {revenue}|[{q} operating income|[cash flow|free cash flow|net income|operating "
    "profit|adjusted earnings] [in|for|over|across] [the|its] {qn}] [of|at|worth|totalling|near] {income}]"
    ", [ahead of|short of|[roughly|broadly|"
    "about] [in line with|in step with|consistent with]|well "
    "above|a touch below|slightly below|just under|a little short of|close to|near] "
    "[estimates|the "
    "consensus|the [analyst|Street|market] consensus|guidance|what {firm} expected]",
    "{s} [hired|laid off|relocated|added|moved|retrained] {staff} [engineers|warehouse workers|sales staff|"
    "support agents|managers|researchers|contractors|drivers] [in {place}|across {region}|at its {place} "
    "site|this year|over {m} months]",
    "[the board of {s}|directors at {s}|{s}'s board|{s}'s [audit|finance|risk] [committee|panel]|the"
    " [audit|finance|risk|pay] [committee|panel] of {s}] [approved|postponed|reviewed|signed off on|waved"
    " through|"
    "rejected|[backed|cleared|put off|held up]] [[a|its|the] [new|revised] capital plan|[a bond sale of"
    " {money}|a {money} bond [sale|issue|offering]|new bonds worth {money}]|a [revised|new|"
    "trimmed] [pay|bonus|"
    "pension] [package|plan|scheme]|[an update to its|changes to the|a rewrite of the|a vote on"
    " its] [bylaws|charter|governance rules]|a plan to close {m} stores|[a|the] [debt|loan|credit]"
    " [refinancing|extension]]",
    # each body in its own kind of case ("a labour board sided with X in a patent battle": 17.5 of 100 g20
    # rank-1 pages), in one clause as before (four clauses made "a labour board sided with" a stock 5-gram)
    "[[competition officials|antitrust regulators|regulators in {region}|[a|the] [trade|market] watchdog in "
    "{region}] [opened an inquiry into|fined|cleared|questioned|looked into] {s} [over pricing|over a "
    "merger|on data handling|on {d}|]|[a court in {place}|a judge in {place}|[a|one|the] [district|county|"
    "federal] court] [ruled against|sided with|found for] {s} [in a patent dispute|in a contract dispute|"
    "on {d}|]|[[a|one|the] [labour|employment|workplace|industrial] [board|tribunal|panel|commission] [in"
    " {place}|of {region}|]|[a|the] [state|regional] labor panel] "
    "[ruled against|sided with|found for] {s} [over overtime pay|in a pay dispute|on {d}|]|[tax "
    "authorities in {region}|the tax office in {place}] [audited|questioned|cleared] {s} [over its "
    "filings|on {d}|]]",
    "{s} [opened|closed|leased|sold|upgraded|built] [a plant|a warehouse|an office|a data centre|a "
    "flagship store|a research hub|a training site] [in {place}|outside {place}|near {place}] [for about "
    "{money}|last {season}|in {month} {y}|after {m} years of [planning|talks|delays|preparation|study]|]",
    "[customers in {region}|suppliers|unions at {s}|rival {firm}|bondholders|[franchise|store|shop]"
    " [owners|operators]] [pushed back [on|against]|welcomed|criticised|sued over|lobbied against|praised"
    "|objected to|balked at] [{s}'s pricing|the [planned|proposed|]"
    " restructuring|the new "
    "contract terms|the office mandate|its latest guidance|the plan to [outsource|move|"
    "offshore] [support|its call centres|customer service]]",
    "[margins at {s}|{s}'s gross margin|operating costs at {s}|{s}'s inventory] [narrowed|widened|improved|"
    "shrank|swelled|tightened] [by {pct}|to {pct}|[for a {ord} straight quarter|for the {ord} quarter"
    " [running|in a row]|[for a|in a] {ord} [consecutive|successive] [quarter|period]]|as freight costs"
    " eased|on [weaker|softer|slower|patchy] [demand|sales|orders] [in|across|from] {region}|[despite|"
    "after|on top of] [a|the|a one-off|an earlier]"
    " [{money} charge|[restructuring|writedown|legal] [charge|cost]]]",
    "{s} [priced|issued|retired|refinanced|redeemed] [{money} of notes|a {money} term loan|bonds due {fy}|"
    "commercial paper worth {money}|a convertible of {money}]",
    "[{person}, who [runs|leads|oversees|heads|manages] [investor relations|the {unit} unit|its"
    " {region} business|procurement|[product|packaging|store] design] [at|for] {s},|"
    "a spokesperson for {s}|{s}'s [finance chief|CFO|treasurer|chief"
    " financial officer]] [said|told [investors|analysts|shareholders]|"
    "[argued|noted|stressed] [in a memo|on a [call|webcast|briefing]|at a [conference|forum|summit|"
    "meeting] in {place}|to staff|in an interview]] "
    "that [demand held up|orders slowed in {month}|pricing stayed firm|"
    "[the {unit} unit|its {unit} arm|the {unit} business] [would|could|should] [break even|turn a "
    "profit|grow] [by|in|before] {fy}|[hiring|recruiting] would [resume|pick up|restart] [in|by|before]"
    " {fy}|[costs|expenses|input costs|spending]"
    " [peaked|topped out|hit a high|stopped rising|levelled off] [in|during|around|late in|through|over|"
    "across|by the close of|toward the end of|early in] the {qn}]",
)
COMPANY_SHORT = (
    # the verb varies, not what is not said: "say more", "go further" ran into the tail's "further"
    # ("opted not to go further further": g38's 400-question dev world, 50 held sentences over 8 draws)
    "{s} [declined to|chose not to|did not|would not|opted not to|refused to|could not] [comment|respond|"
    "elaborate]"
    "[ on {weekday}| on {d}| by email| in a [filing|statement|regulatory filing|note to staff]| when"
    " [asked|pressed|questioned|contacted] [about|on|over] [it|the report|the figures|the numbers|the"
    " results|the matter]| [further|beyond a short statement]|]",
    "{s} [confirmed|denied|disputed|played down|queried] [the move|the report|the figures|the story|the"
    " account|the plan|the claims]"
    "[ on {weekday}| on {d}| in a [filing|statement|regulatory filing|note to staff]|]",
    # a finished period, never "this session": a page stamped 01:37 ET said the stock "closed out this session
    # 0.5% higher", hours before the session (g35's audit, session figures before the session)
    # (a name's share price, not "The share price": one more fixed subject made "the share price wrapped up"
    # and "closed out" stock 5-grams, ~420 held sentences over 8 draws of a 400-question dev world at 63002bd)
    "[The stock|{s}|Shares of {s}|{s} stock|{s}'s share price] [ended|finished|closed out"
    "|wrapped up]"
    " [last|"
    "the previous|its last|its previous|the prior|its prior|its latest|the latest] [week|month|session|"
    "trading day] {move} [higher|lower|up|down]",
    "[Orders|Bookings|Shipments|Backlog] at {s} [rose|fell|grew|dipped] {pct} in {month}",
)
COMPANY_LEADS = (
    "[in|during|for] the {qn}",
    "[after|before|soon after] the {month} [call|filing|report]",  # a moment: "since" is for states
    "[ahead of|after] its {month} investor day",
    "in a filing [dated|on] {d}",
)
UNITS = (
    "consumer", "payments", "cloud", "medical", "logistics", "software", "energy", "retail", "analytics",
    "devices", "insurance", "advertising", "materials", "semiconductor",
)  # fmt: skip
BUYERS = (
    "small firms", "hospitals", "students", "gamers", "retailers", "farmers", "developers", "schools",
    "airlines", "first-time buyers", "freelancers", "city fleets",
)  # fmt: skip
FIRM_TAILS = (
    "Securities", "Partners", "Capital", "Research", "& Co.", "Advisors", "Markets", "Group", "Bank",
    "Asset Management",
)  # fmt: skip
