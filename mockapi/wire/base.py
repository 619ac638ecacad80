"""The base of every wire model: field docstrings become field descriptions in /openapi.json."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class WireModel(BaseModel):
    """A pydantic model of the wire contract; subclasses document each field with an attribute docstring."""

    model_config = ConfigDict(use_attribute_docstrings=True)
