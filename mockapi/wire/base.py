"""The base of every wire model (field docstrings become field descriptions in /openapi.json): defined with
the result types in `crag_client.results`, which the client owns."""

from crag_client.results import WireModel

__all__ = ["WireModel"]
