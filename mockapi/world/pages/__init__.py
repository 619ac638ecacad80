"""Synthetic search results: 50 ranked pages per question (gold, stale, negatives, noise) as specs."""
