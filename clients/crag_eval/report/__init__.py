"""What is shown of scored runs: the run report, comparisons, leaderboards, exports, experiment trackers."""
