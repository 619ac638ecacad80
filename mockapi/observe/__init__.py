"""Operating the server: Prometheus metrics, the JSON access log, the /livez and /readyz probes and the
drain on SIGTERM (docs/operations.md)."""
