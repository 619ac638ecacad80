"""Question frames per intent.

Slots: {s} subject phrase, {a}/{b} two subjects, {l} attribute label, {e} event phrase ("was founded"), {i}
plural item noun, {adj} comparative, {d} a date phrase, {p} plural noun of a subject kind, {sup} superlative,
{x} a threshold, {y} a year, {n} a count, {r} a relation (or "win"/"lose").

Each list is split between dev, test and train by phrasing.family (index mod 4, train's mod 8), so order
matters: add new frames at the end. Wording aims at CRAG's mix of typed questions, search-box fragments and
requests.
"""

from __future__ import annotations

# Any attribute, by its label.
ATTRIBUTE = (
    "what is the {l} of {s}?",
    "what's {s}'s {l}?",
    "{s} {l}?",
    "tell me the {l} of {s}",
    "{l} of {s}?",
    "i need the {l} for {s}",
    "give me {s}'s {l}",
    "what is {s}'s {l}?",
    "look up the {l} for {s}",
    "do you know the {l} of {s}?",
    "do you have the {l} for {s}?",
    "any idea what the {l} of {s} is?",
    "find the {l} of {s}",
    "what's the {l} for {s}?",
    "whats the {l} on {s}",
    "what is the {l} for {s}?",
)
PERSON = (
    "who is the {l} of {s}?",
    "who's {s}'s {l}?",
    "name the {l} of {s}",
    "who serves as {l} of {s}?",
    "{s} {l} name?",
    "who is {s}'s {l}?",
)
WHEN = (
    "when {s} {e}?",
    "{s} {e} when?",
    "what date {s} {e}?",
    "when exactly {s} {e}?",
    "on what date {s} {e}?",
    "do you know when {s} {e}?",
)
YEAR = (
    "what year {s} {e}?",
    "{s} {e} in what year?",
    "which year {s} {e}?",
    "when {s} {e}?",
    "which year was it that {s} {e}?",
)
WHERE = ("where is {s}'s {l}?", "where's the {l} of {s}?", "in which city is {s}'s {l}?")
# Dynamic facts: a time qualifier some askers add (years here make a bare year a poor false-premise cue).
NOW = (" right now", " currently", " as of today", " in 2024", " this year", " as of 2024", " at the moment")

CONDITION = (
    "what was the {l} of {s} {d}?",
    "{d}, what was {s}'s {l}?",
    "{s} {l} {d}?",
    "what was {s}'s {l} as of {db}?",
    "tell me the {l} of {s} {d}",
    "as of {db}, what was the {l} of {s}?",
    "{l} for {s} {d}?",
    "what {l} did {s} have {d}?",
    "i need {s}'s {l} for {db}",
    "what was {s}'s {l} {d}?",
    "what was the {l} for {s} {d}?",
    "what was {s} at in {l} {d}?",
)
# A running tally asked on a date as a count is asked ("how many wins did x have on march 2?"): "how many"
# was aggregation's word alone (issue 31: question type read from the text 0.726). {c} the bare label.
CONDITION_COUNT = (
    "how many {c} did {s} have {d}?",
    "{d}, how many {c} did {s} have?",
    "how many {c} did {s} have as of {db}?",
    "how many {c} had {s} got {d}?",
    "how many {c} were credited to {s} {d}?",
    # in aggregation's words, as NUMBER_OF
    "what was the number of {c} for {s} {d}?",
    "{d}, what was {s}'s number of {c}?",
    "tell me the number of {c} of {s} {d}",
    "number of {c} for {s} {d}?",
)

COMPARE = (
    "which has a {adj} {l}, {a} or {b}?",
    "does {a} or {b} have the {adj} {l}?",
    "between {a} and {b}, which one has the {adj} {l}?",
    "who has the {adj} {l}, {a} or {b}?",
    "{a} vs {b} - which {l} is {adj}?",
    "comparing {a} and {b}, which has the {adj} {l}?",
    "which one's {l} is {adj}, {a} or {b}?",
    "of {a} and {b}, which has a {adj} {l}?",
    "{a} or {b}, whose {l} is {adj}?",
    "which is {adj} in {l}: {a} or {b}?",
    "which one came out {adj} on {l}, {a} or {b}?",
    # "and" and "which of" as aggregations and named sets say them: "or" alone marked comparisons (issue 31)
    "which of {a} and {b} has the {adj} {l}?",
    "tell me which of {a} and {b} has the {adj} {l}",
    "out of {a} and {b}, which one has the {adj} {l}?",
    "i need to know which of {a} and {b} has the {adj} {l}",
    "what has the {adj} {l}, {a} or {b}?",
    "of the two, {a} and {b}, which has the {adj} {l}?",
    "which of {a} and {b} has a {adj} {l}?",
    "which of {a} and {b} is {adj} in {l}?",
)
COMPARE_YES_NO = (
    "is the {l} of {a} {adj} than that of {b}?",
    "does {a} have a {adj} {l} than {b}?",
    "is {a}'s {l} {adj} than {b}'s?",
    "{a} has a {adj} {l} than {b}, right?",
    "is it true that {a} has a {adj} {l} than {b}?",
    "would you say {a}'s {l} is {adj} than {b}'s?",
)
EARLIER = (
    "which {e} first, {a} or {b}?",
    "which {e} earlier, {a} or {b}?",
    "which one {e} first, {a} or {b}?",
    "between {a} and {b}, which {e} first?",
    "who {e} first, {a} or {b}?",
    "which of {a} and {b} {e} earlier?",
    # "and" as aggregations say it: "or" alone marked comparisons (issue 31)
    "of {a} and {b}, which {e} first?",
    "tell me which of {a} and {b} {e} first",
    "out of {a} and {b}, which one {e} earlier?",
    "i need to know which of {a} and {b} {e} first",
)
LATER = (
    "which {e} more recently, {a} or {b}?",
    "which {e} later, {a} or {b}?",
    "which one {e} last, {a} or {b}?",
    "between {a} and {b}, which {e} most recently?",
    "of {a} and {b}, which {e} later?",
    "tell me which of {a} and {b} {e} more recently",
)

COUNT = (
    "how many {i} does {s} have?",
    "how many {i} are there for {s}?",
    "what's the number of {i} of {s}?",
    "count the {i} of {s}",
    "how many {i} in total for {s}?",  # no colon before the question (g29 reader; the cut's CI)
    "number of {i} for {s}?",
    "how many {i} has {s} got?",
    "total {i} for {s}?",
    "how many {i} does {s} have in all?",
    "how many {i} does {s} have altogether?",
    # a count asked in an attribute's words, as simple questions ask one: "how many" alone had read as
    # aggregation (issue 31: question type read from the text 0.726, real CRAG 0.61)
    "what is the number of {i} of {s}?",
    "what number of {i} does {s} have?",
    "tell me the number of {i} of {s}",
    "give me the number of {i} for {s}",
    "i need the number of {i} for {s}",
    "what's {s}'s number of {i}?",
    "look up the number of {i} for {s}",
    "find the number of {i} of {s}",
)
TOTAL = (
    "what is the combined {l} of {a} and {b}?",
    "what do {a} and {b} add up to in {l}?",
    "{a} plus {b}, total {l}?",
    "add the {l} of {a} and {b}",
    "what's the total {l} of {a} and {b} together?",
    "sum of {l} for {a} and {b}?",
    "if you add {a}'s {l} to {b}'s, what do you get?",
    "how much {l} did {a} and {b} have combined?",
    # in an attribute's or a comparison's words (issue 31: "combined", "total" and "sum" marked the type)
    "what is the {l} of {a} and {b} together?",
    "{a} and {b}: {l} altogether?",
    "tell me the {l} of {a} and {b} put together",
    "what's the {l} for {a} and {b} in all?",
    "{l} of {a} and {b} together?",
    "i need the {l} of {a} and {b} taken together",
    "between {a} and {b}, what {l} do they have together?",
    "what {l} do {a} and {b} have between them?",
)
LIST = (
    "list the {i} of {s}",
    "name the {i} of {s}",
    "what are the {i} of {s}?",
    "give me all the {i} of {s}",
    "{s} {i}?",
    "i need a list of {s}'s {i}",
    "which {i} does {s} have?",
    "tell me the {i} of {s}",
    # a list asked in an attribute's words, as simple questions ask one value: "list" and "name the" marked
    # the type (issue 31: question type read from the text 0.726)
    "what are {s}'s {i}?",
    "look up the {i} of {s}",
    "what {i} does {s} have?",
    "i need the {i} for {s}",
    "find the {i} of {s}",
    "do you have the {i} of {s}?",
    "any idea what the {i} of {s} are?",
    "what're the {i} for {s}?",
)
RELATION = ("the {r} of {s}", "{s}'s {r}", "the {r} of {s}", "the {r} for {s}")
# Steps of a chain ("the mayor of the birthplace of X"): the first step from a name may be a possessive;
# later ones nest with "of" only ("the birthplace of x's mayor" would attach the possessive to x).
FIRST_STEP = ("the {r} of {s}", "{s}'s {r}", "the {r} of {s}", "{s}'s {r}")
NEXT_STEP = ("the {r} of {s}",)
# A chain that ends in an entity: "who is the ceo of the parent company of x?"
CHAIN_WHO = (
    "who is {p}?",
    "who's {p}?",
    "who is {p} again?",
    "who exactly is {p}?",
    "tell me who {p} is",
    "do you know who {p} is?",
    "name {p}",
    "any idea who {p} is?",
)
CHAIN_WHAT = (
    "what is {p}?",
    "what's {p}?",
    "which one is {p}?",
    "what is {p} called?",
    "tell me {p}",
    "do you know what {p} is?",
    "name {p}",
    "any idea what {p} is?",
)

YEARS_AGO = (
    "how many years ago {s} {e}?",
    "how long ago {s} {e}?",
    "how many years has it been since {s} {e}?",
    "it's been how many years since {s} {e}?",
    "how many years since {s} {e}?",
    "{s} {e} how many years ago?",
    "how many years back {s} {e}?",
)
YEARS_AGO_SAID = (
    "how many years has it been since {s} {e} in {y}?",
    "years since {s} {e} in {y}?",
    "how long ago was it that {s} {e} in {y}?",
    "{s} {e} in {y}; what's that in years from now?",
)
MARGIN = (
    "by how many points did {s} {r} their last game?",
    "how many points did {s} {r} by last time out?",
    "by what margin did {s} {r} their last game?",
    "what was the point difference in {s}'s last {rn}?",
    "what was the margin of {s}'s last {rn}?",
    "{s} {rp} their last game by how many points?",
    "how big was {s}'s {rn} last time out?",
    "{s} {rp} the last game, by what difference?",
)
COUNTED_LIST = (
    "who are the {n} {i} of {s}?",
    "name all {n} {i} of {s}",
    "list the {n} {i} of {s}",
    "what are the {n} {i} of {s}?",
)
AGE = ("how old is {s}?", "what is the age of {s}?", "{s} age?", "how old is {s} now?")
DIFFERENCE = (
    "what is the difference in {l} between {a} and {b}?",
    "how much higher is {a}'s {l} than {b}'s?",
    "by how much does the {l} of {a} exceed that of {b}?",
    "what's the gap in {l} between {a} and {b}?",
    "{a} vs {b}: difference in {l}?",
    "how far apart are {a} and {b} in {l}?",
)
# Difference frames that say which value is the higher one: the order is a premise.
ORDERED = DIFFERENCE[1:3]

# Questions that name no entity: over a named set (sets.py). {np} the set in full ("the films x directed"),
# {one} its singular with the modifier ("x film"), {many} the plural ("x films").
TOP_ONE = (
    "which {one} has the {sup} {l}?",
    "of {np}, which has the {sup} {l}?",
    "which of {np} has the {sup} {l}?",
    "among {np}, which one has the {sup} {l}?",
    "{one} with the {sup} {l}?",
    "what {one} has the {sup} {l}?",
    "tell me which of {np} has the {sup} {l}",
    "which one of {np} has the {sup} {l} now?",
)
TOP_ONE_THEN = (
    "which {one} had the {sup} {l} {d}?",
    "of {np}, which had the {sup} {l} {d}?",
    "{d}, which of {np} had the {sup} {l}?",
    "which of {np} had the {sup} {l} {d}?",
)
# {k} how many the answer lists, in words ("three"), {kn} in digits: always three had marked the type
TOP_SET = (
    "which {k} {many} have the {sup} {l}?",
    "what are the {k} {many} with the {sup} {l}?",
    "of {np}, which {k} have the {sup} {l}?",
    "list the top {kn} {many} by {l}",
    "which are the top {k} of {np} by {l}?",
    "name the {k} {many} with the {sup} {l}",
    "which {k} of {np} have the {sup} {l}?",
)
ABOVE = (
    "how many {many} have a {l} above {x}?",
    "how many of {np} have a {l} over {x}?",
    "count {np} with a {l} higher than {x}",
    "of {np}, how many have a {l} of more than {x}?",
    "how many {many} are above {x} in {l}?",
)
# ... of a count, in its own words ("more than 7 studio albums"; "a number of studio albums over 7" read as a
# database filter to the g19 reader). {c} the bare label.
ABOVE_COUNT = (
    "how many {many} have more than {x} {c}?",
    "how many of {np} have more than {x} {c}?",
    "count {np} with more than {x} {c}",
    "of {np}, how many have more than {x} {c}?",
    "how many {many} have over {x} {c} to their name?",
)
# Totals of a count, in its own words ("what is the combined wins of a and b" read as a database's column to
# the g19 reader). {c} the bare label.
# In the words simple questions use for one subject's count ("how many wins do x and y have?"): "between them"
# and "together" marked the type (question type from the text 0.708 at the first draft of generator 20).
TOTAL_COUNT = (
    "how many {c} do {a} and {b} have?",
    "how many {c} do {a} and {b} have between them?",
    "how many {c} have {a} and {b} got?",
    "how many {c} for {a} and {b} in total?",
)
GROUP_TOTAL_COUNT = (
    "how many {c} do {np} have?",
    "how many {c} do all {many} have?",
    "in total, how many {c} do {np} have?",
    "how many {c} have {np} got in all?",
)
GROUP_TOTAL = (
    "what is the total {l} of {np}?",
    "combined {l} of all {np}?",
    "total {l} of all {many}?",
    "what do {np} come to in {l} altogether?",
)
AVERAGE = (
    "what is the average {l} of {np}?",
    "average {l} among {many}?",
    "what's the mean {l} of {np}?",
    "on average, what {l} do {np} have?",
)
SPREAD = (
    "what is the difference between the highest and lowest {l} among {np}?",
    "how big is the gap between the top and bottom {l} of {np}?",
    "difference between the top and bottom {l} among {many}?",
)
TOP_HOP = (
    "who is the {r} of the {one} with the {sup} {l}?",
    "name the {r} of the {one} with the {sup} {l}",
    "of {np}, which has the {sup} {l}, and who is its {r}?",
)


# One value asked as a count, as people ask it ("how many people live in x?"): "how many" was the
# aggregations' word (question type from the text 0.708 at the first draft of generator 20)
COUNT_ASKS = {
    # a game's points in words of their own ("tell me the last-game point total of x last sunday": reader32)
    "sp.last_points": (
        "how many points did {s} put up in their last game?",
        "what did {s} score last time out?",
    ),
    "op.population": ("how many people live in {s}?", "how many residents does {s} have?"),
    "mv.runtime": ("how many minutes long is {s}?", "how many minutes does {s} run?"),
    "op.visitors": ("how many visitors does {s} have right now?",),
    "mu.weeks": ("how many weeks was {s} on the chart?",),
    "op.area": ("how many square kilometres does {s} cover?",),
}


# A running tally asked as one value says "total" as people do ("how many grammys has x won in total?"), as
# an aggregation's sum does: the word marked that type (issue 31: type read from the text 0.76, real 0.61).
TALLIED = frozenset(("oscar wins", "grammy wins", "championships", "studio albums", "wins"))
TALLY = (  # {c} is the bare counted label ("grammy wins")
    "how many {c} does {s} have in total?",
    "{c} for {s} in total?",
    "how many {c} has {s} had altogether?",
    "in total, how many {c} has {s} got?",
)
# An amount of one subject said as its total ("what is x's total revenue?"), as people say it: "total" was
# the aggregations' word alone (issue 31: question type read from the text 0.726)
TOTAL_ONE = (
    "what is the total {l} of {s}?",
    "what's {s}'s total {l}?",
    "total {l} of {s}?",
    "what does {s}'s {l} come to in total?",
)
# ... and as a count ("how many wins do x have?"): "how many" had marked aggregation. {c} the bare label.
HOW_MANY = (
    "how many {c} does {s} have?",
    "how many {c} has {s} got?",
    "how many {c} so far for {s}?",
    "how many {c} for {s}?",
    "how many {c} does {s} have now?",
    "how many {c} has {s} had so far?",
)
