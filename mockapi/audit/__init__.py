"""`crag-mock audit`: how CRAG-like a world reads, measured from its stores alone (no generator internals).

Every figure is computed the same way on a synthetic world and on real CRAG records (`--real FILE`), so the
two columns are comparable. The definitions live in the module that computes them:

- `text`: tokens, the page-derived vocabulary, question skeletons, conversational openers, sentence answers,
  date styles;
- `anatomy`: what a page is made of (chrome vs content text, layout signature, tables, content sentences);
- `questions`, `pages`, `frames`, `leaks`, `pinned`: the figures, grouped as the issue groups them;
- `report`: thresholds, PASS/FAIL and printing; `command`: the CLI.
"""
