"""The offline `rules` judge: decides what rules can decide and says 'undecided' for the rest.

Order per prediction: a model error or an "I don't know"-family answer is missing; then, for the answer and
every alternative, the first rule that applies decides (exact after normalisation, "invalid question" at word
level, yes/no, date, number, set, containment, then a short gold answer stated in a one-sentence prediction).
The answer is correct if any gold answer accepts it. If every
gold answer rejects it, it is incorrect; if some gold answer could not be decided, a short answer whose
number, year, date or name contradicts every gold answer is incorrect (judges/contradiction.py), and anything
else is 'undecided': counted as incorrect and reported as such, so it can be sent to an LLM judge or a human.
"""

from __future__ import annotations

import re

from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.judges import text as tx
from crag_eval.judges.contradiction import contradicts_all

Verdict = tuple[bool, str] | None
"""(correct?, rule) when a rule decided, None when none applied."""

_NEGATIONS = {"not", "no", "never", "neither", "nor", "none", "isnt", "wasnt", "doesnt", "didnt", "cannot"}
_MAX_ITEM_WORDS = 6


class RulesJudge:
    """Normalisation; exact/numeric/date/set match against every gold answer; invalid-premise; missing."""

    name = "rules"

    def judge(self, question: Question, prediction: Prediction) -> Judgement:
        iid = question.interaction_id
        if prediction.error:
            return Judgement(
                iid, self.name, "missing", "model-error", four_way="missing", detail=prediction.error
            )
        if tx.is_missing(prediction.prediction):
            return Judgement(iid, self.name, "missing", "idk", four_way="missing")
        rejections: list[str] = []
        undecided = False
        for gold in question.gold:
            verdict = compare(question.question_type, gold, prediction.prediction, question.query)
            if verdict is None:
                undecided = True
            elif verdict[0]:
                return Judgement(iid, self.name, "correct", verdict[1], four_way="perfect", detail=gold)
            else:
                rejections.append(verdict[1])
        if undecided:
            rule = contradicts_all(question.gold, prediction.prediction)
            if rule is not None:  # a short answer whose figure or name no gold answer shares
                return Judgement(iid, self.name, "incorrect", rule, four_way="incorrect")
            return Judgement(iid, self.name, "incorrect", "undecided", undecided=True)
        return Judgement(
            iid, self.name, "incorrect", rejections[0] if rejections else "no-gold", four_way="incorrect"
        )


def compare(question_type: str, gold: str, prediction: str, query: str = "") -> Verdict:
    """One gold answer against one prediction; the first applicable rule decides."""
    g, p = tx.normalise(gold), tx.normalise(prediction)
    if g == p:
        return True, "exact"
    for rule in (_invalid, _yes_no, _date, _number, _set, _contains):
        verdict = rule(question_type, gold, prediction, g, p)
        if verdict is not None:
            return verdict
    return _sentence(question_type, prediction, g, p, tx.normalise(query))


def _invalid(qtype: str, gold: str, pred: str, g: str, p: str) -> Verdict:
    gold_invalid = tx.claims_invalid(gold) or g == "invalid question"
    pred_invalid = tx.claims_invalid(pred)
    if pred_invalid and (gold_invalid or qtype == "false_premise"):
        return True, "invalid"
    if gold_invalid != pred_invalid:
        return False, "invalid-mismatch"
    return None


def _yes_no(_qtype: str, _gold: str, _pred: str, g: str, p: str) -> Verdict:
    if g not in ("yes", "no") or not p:
        return None
    first = p.split()[0]
    if first in ("yes", "no"):
        return first == g, "yes-no"
    return None


def _date(_qtype: str, gold: str, pred: str, g: str, _p: str) -> Verdict:
    gold_dates = tx.dates(gold)
    if len(gold_dates) != 1 or len(tx.normalise(tx.strip_dates(gold)).split()) > 2:
        return None
    pred_dates = tx.dates(pred)
    if len(pred_dates) != 1:
        return None
    (gy, gm, gd), (py, pm, pd) = gold_dates[0], pred_dates[0]
    return (gy, gm, gd) == (py, pm, pd), "date"


def _number(_qtype: str, gold: str, pred: str, g: str, p: str) -> Verdict:
    if len(g.split()) > 4:
        return None
    gold_nums = tx.numbers(tx.strip_dates(gold))
    if not gold_nums and (word := tx.number_words(gold)) is not None:
        gold_nums = [(word, 0)]
    if len(gold_nums) != 1:
        return None
    pred_nums = tx.numbers(tx.strip_dates(pred))
    if not pred_nums and (word := tx.number_words(pred)) is not None:
        pred_nums = [(word, 0)]
    if len(pred_nums) != 1:
        return None
    return tx.numbers_equal(gold_nums[0], pred_nums[0]), "numeric"


def _set(qtype: str, gold: str, pred: str, _g: str, _p: str) -> Verdict:
    gold_items = tx.list_items(gold)
    if len(gold_items) < 2 or any(len(i.split()) > _MAX_ITEM_WORDS for i in gold_items):
        return None
    pred_items = tx.list_items(_list_part(pred))
    if set(gold_items) == set(pred_items):
        return True, "set"
    # wrong only when the prediction reads as a bare list of items like the gold's (an unrecognised sentence
    # frame would otherwise be taken for a wrong first item)
    longest = min(_MAX_ITEM_WORDS, max(len(i.split()) for i in gold_items) + 2)
    if qtype == "set" and pred_items and all(len(i.split()) <= longest for i in pred_items):
        return False, "set"
    return None


_LEAD_IN = re.compile(r"(?::|\b(?:is|are|was|were|be|include|includes|included)\b)\s+", re.IGNORECASE)


def _list_part(pred: str) -> str:
    """The list of a list answer framed as a sentence ("Based on the references, the members are a, b and
    c." → "a, b and c."): what follows the last lead-in, so the lead-in is not read as a wrong first item."""
    tails = [m.end() for m in _LEAD_IN.finditer(pred)]
    return pred[tails[-1] :] if tails else pred


def _contains(_qtype: str, _gold: str, _pred: str, g: str, p: str) -> Verdict:
    """A short answer that states the gold answer as a whole phrase, without negating it."""
    g_words, p_words = g.split(), p.split()
    if g in ("yes", "no") or not g_words or len(p_words) > 2 * len(g_words) + 4:
        return None
    if f" {g} " not in f" {p} ":
        return None
    if (_NEGATIONS | _HEDGES | _LISTING) & set(p_words) - set(g_words):  # negated, hedged, a list
        return None
    if {n for n, _ in tx.numbers(p)} - {n for n, _ in tx.numbers(g)}:  # other figures beside the gold's
        return None
    return True, "contains"


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[\w\"'(])")
_MAX_SENTENCE_WORDS = 40
_MAX_GOLD_WORDS = 6
_HEDGES = {"or", "either", "maybe", "perhaps", "possibly", "probably", "likely", "unclear", "uncertain"}
_LISTING = {"and", "both", "also", "plus", "including", "include", "includes", "among", "along", "other"}


def _sentence(qtype: str, pred: str, g: str, p: str, q: str) -> Verdict:
    """A short gold answer stated once in a one-sentence prediction ("As of March 2024 the CEO of Acme is
    John Smith."). Safe only when nothing else in the sentence could be the answer, so it never fires when:
    the gold phrase is in the question (containing it proves nothing: "X or Y?"), the gold is yes/no or a
    list, the question asks for a set, or the rest of the sentence negates, hedges, lists more names, or
    states numbers that neither the gold nor the question has."""
    g_words = g.split()
    if not g_words or len(g_words) > _MAX_GOLD_WORDS or g in ("yes", "no") or qtype == "set":
        return None
    if len(tx.list_items(g)) > 1 or len(_SENTENCE_BREAK.split(pred.strip())) != 1:
        return None
    padded = f" {p} "
    if len(p.split()) > _MAX_SENTENCE_WORDS or padded.count(f" {g} ") != 1 or f" {g} " in f" {q} ":
        return None
    rest = set(padded.replace(f" {g} ", " ").split()) - set(q.split())
    if rest & (_NEGATIONS | _HEDGES | _LISTING) or {";", "&", "/"} & set(p):
        return None
    allowed = {n for n, _ in tx.numbers(g)} | {n for n, _ in tx.numbers(tx.strip_dates(q))}
    if {n for n, _ in tx.numbers(tx.strip_dates(p))} - allowed:
        return None
    return True, "sentence"
