"""Sample sizes the audit reads by default (a module of its own: `crag-mock audit`'s flags name them without
loading the audit)."""

from __future__ import annotations

TEXT_QUESTIONS = 1200
"""Questions the question-text figures, the learned adversaries and the rules that read every question (each
one's top 10, its gold against the KG, repeats, hops, the URL and premise rules) read, at most (0: every
question): the rules' cost grows with the questions, their bars were set at 1,200 too. A
distinct-skeleton count grows slower than the questions (so "per 1,200" falls as a world grows) and a learned
adversary's CV score climbs its learning curve with more questions: every bar was set at the default world's
1,200 questions and real CRAG samples of a few hundred, so a bigger world is measured at that size (a train
world of 20,000 gave a false-premise CV AUC of 0.793 on all its questions; docs/audit.md)."""
