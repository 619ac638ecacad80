"""Running a model on questions: the run's config and context, the run loop, worker and fetch processes, the
in-process server, locks and signals."""
