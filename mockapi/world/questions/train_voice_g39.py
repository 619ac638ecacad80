"""The train split's rewordings (`train_voice`) of the phrasings generator 39 added (q37): comparisons of two
counts in plain words, past-tense values, set members over a threshold. Merged into `train_voice.VARIANTS`."""

from __future__ import annotations

LATER: dict[str, str] = {
    # two subjects' counts compared in plain words (count_frames.COMPARE_COUNT)
    "which has {adj} {c}, {a} or {b}?": "which one holds {adj} {c}: {a} or {b}?",
    "does {a} or {b} have {adj} {c}?": "{a} or {b}: which one holds {adj} {c}?",
    "of {a} and {b}, which has {adj} {c}?": "looking at {a} and {b}, which holds {adj} {c}?",
    "which of {a} and {b} has {adj} {c}?": "which one of {a} and {b} holds {adj} {c}?",
    "{a} or {b}, which one has {adj} {c}?": "{a} against {b}, which one holds {adj} {c}?",
    "between {a} and {b}, which has {adj} {c}?": "if you take {a} and {b}, which holds {adj} {c}?",
    "out of {a} and {b}, which one has {adj} {c}?": "going by {a} and {b}, which one holds {adj} {c}?",
    "does {a} have {adj} {c} than {b}?": "would {a} hold {adj} {c} than {b}?",
    "{a} has {adj} {c} than {b}, right?": "{a} holds {adj} {c} than {b}, correct?",
    "is it true that {a} has {adj} {c} than {b}?": "am i right that {a} holds {adj} {c} than {b}?",
    # count_frames.PAST
    "what was the {l} of {s}?": "what {l} was recorded for {s}?",
    "what was {s}'s {l}?": "and what {l} got recorded for {s}?",
    "what was the {l} for {s}?": "which {l} was recorded for {s}?",
    "do you know what {s}'s {l} was?": "do you happen to know the {l} recorded for {s}?",
    "and what was the {l} of {s}?": "and what {l} was on record for {s}?",
    "tell me what the {l} of {s} was": "tell me the {l} recorded for {s}",
    "any idea what {s}'s {l} was?": "got any idea which {l} was recorded for {s}?",
    "what was the {l} of {s} in {u}?": "what {l} was recorded for {s}, in {u}?",
    "what was {s}'s {l} in {u}?": "and what {l} got recorded for {s} in {u}?",
    "in {u}, what was the {l} of {s}?": "in {u}, which {l} was recorded for {s}?",
    # count_frames.SET_ABOVE, SET_ABOVE_COUNT
    "which {many} have a {l} above {x}?": "which {many} sit above {x} for {l}?",
    "which of {np} have a {l} over {x}?": "which ones of {np} sit over {x} for {l}?",
    "list {np} with a {l} higher than {x}": "go through {np} sitting higher than {x} for {l}",
    "of {np}, which have a {l} of more than {x}?": "among {np}, which sit at more than {x} for {l}?",
    "what {many} have a {l} above {x}?": "what {many} sit above {x} for {l}?",
    "name {np} with a {l} over {x}": "spell out {np} sitting over {x} for {l}",
    "which {many} are above {x} in {l}?": "which {many} sit above {x} for {l}, then?",
    "tell me which of {np} have a {l} higher than {x}": "say which ones of {np} sit higher than {x} for {l}",
    "which {many} have more than {x} {c}?": "which {many} hold more than {x} {c}?",
    "which of {np} have more than {x} {c}?": "which ones of {np} hold more than {x} {c}?",
    "list {np} with more than {x} {c}": "go through {np} holding more than {x} {c}",
    "of {np}, which have more than {x} {c}?": "among {np}, which hold more than {x} {c}?",
    "what {many} have over {x} {c}?": "what {many} hold over {x} {c}?",
    "name {np} with more than {x} {c}": "spell out {np} holding more than {x} {c}",
    "which {many} have over {x} {c} to their name?": "which {many} hold over {x} {c} to their name?",
    "tell me which of {np} have more than {x} {c}": "say which ones of {np} hold more than {x} {c}",
    # count_frames.LAST_POINTS_BOTH
    "how many points did {a} and {b} score in their last games?":
        "what points did {a} and {b} post in their latest games, summed?",
    "how many points did {a} and {b} put up between them in their last games?":
        "what points total did {a} and {b} post in their latest games?",
    "what did {a} and {b} score in their last games, added up?":
        "summing their latest games, what points did {a} and {b} post?",
    # count_frames.GROUP_LAST_POINTS (generator 44)
    "how many points did {np} score in their last games?":
        "what points did {np} post in their latest games, summed?",
    "how many points did all {many} put up in their last games?":
        "what points total did all {many} post in their latest games?",
    "in their last games, how many points did {np} score in all?":
        "summing their latest games, what points did {np} post?",
    "what did {np} score in their last games, added up?":
        "what did {np} post in their latest games, all told?",
    # count_frames.DIFFERENCE_COUNT
    "what's the difference in {c} between {a} and {b}?": "by how many {c} do {a} and {b} differ?",
    "how far apart are {a} and {b} in {c}?": "how wide is the spread in {c} between {a} and {b}?",
    "what is the gap in {c} between {a} and {b}?": "what separates {a} and {b} in {c}?",
}  # fmt: skip
