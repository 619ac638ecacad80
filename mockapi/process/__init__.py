"""Running things: `crag-mock serve` (port, workers, dataset worlds), the loopback server and
`crag-mock export`."""
