"""The table's notes on the question-free adversaries: the form adversary and voting exploiters, the bag of
words, the agreement adversary (a module of its own: `report` holds every line's spec)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mockapi.audit.agreement import FEATURES

if TYPE_CHECKING:
    from mockapi.audit.figures import AuditFigures as Figures


def form_notes(world: Figures) -> list[str]:
    """What the form adversary and the voting exploiters measured, and the first future-narrated sentences;
    the bag of words' most weighted n-grams; what the agreement adversary's pages repeat."""
    form: dict[str, Any] = dict(world.get("form") or {})
    future: dict[str, Any] = dict(form.get("future") or {})
    return [
        f"form adversary: {form.get('features')} question-free features; (a) {form.get('states_pairs')} "
        f"results, (b)/(c) {form.get('has_answer_questions')} questions; voting: "
        f"{form.get('date_questions')} date answers, {form.get('typed_questions')} typed; future narration "
        f"{future.get('future_sentences')} of {future.get('sentences')} content sentences",
        *(f"  e.g. {e}" for e in future.get("examples", [])[:2]),
        *(f"bag of words, {key}: {' '.join(f'{t}:{w}' for t, w in m.get('top_positive', [])[:6])} | "
          f"{' '.join(f'{t}:{w}' for t, w in m.get('top_negative', [])[:6])}"
          for key, m in dict(world.get("bags") or {}).items() if isinstance(m, dict)),
        *agreement_notes(world),
    ]  # fmt: skip


def agreement_notes(world: Figures) -> list[str]:
    """The agreement adversary's feature means on answer pages against the other results."""
    found: dict[str, Any] = dict(world.get("agreement") or {})
    answer, other = found.get("answer_means") or [], found.get("other_means") or []
    if not answer or not other:
        return []
    means = " ".join(f"{name} {a}/{o}" for name, a, o in zip(FEATURES, answer, other, strict=True))
    return [f"agreement adversary, answer pages/others ({found.get('states_pairs')} results): {means}"]
