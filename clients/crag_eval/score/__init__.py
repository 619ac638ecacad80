"""Scoring a run: judgements into scores, metrics, key points, retrieval and agent figures, diagnostics."""
