"""A run's files: the questions, the nouns they hold (types), the run directory and its typed documents."""
