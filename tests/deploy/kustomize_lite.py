"""The part of kustomize that deploy/k8s uses, in Python, so CI can render the overlays without a kustomize
binary (none is packaged for Debian, PyPI or npm): `resources` (files and directories), `images`,
`patches` as strategic-merge files and as inline JSON 6902 operations.

Strategic merge is kustomize's for what our patches touch: maps merge, `null` deletes a key, lists of maps
with a `name` (containers, volumes, env) merge item by item, other lists are replaced. Where kubectl is
installed, tests/deploy/test_k8s_manifests.py checks the output equals `kubectl kustomize`.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

Doc = dict[str, Any]


def render(directory: Path) -> list[Doc]:
    """The documents the kustomization in `directory` renders."""
    spec = yaml.safe_load((directory / "kustomization.yaml").read_text())
    docs: list[Doc] = []
    for entry in spec.get("resources", []):
        path = directory / entry
        docs += render(path) if path.is_dir() else [d for d in yaml.safe_load_all(path.read_text()) if d]
    for patch in spec.get("patches", []):
        if "path" in patch:
            for doc in yaml.safe_load_all((directory / patch["path"]).read_text()):
                _strategic(docs, doc)
        else:
            target = _target(docs, patch["target"]["kind"], patch["target"]["name"])
            for op in yaml.safe_load(patch["patch"]):
                json6902(target, op)
    for image in spec.get("images", []):
        for doc in docs:
            _retag(doc, image)
    return docs


def _target(docs: list[Doc], kind: str, name: str) -> Doc:
    for doc in docs:
        if doc["kind"] == kind and doc["metadata"]["name"] == name:
            return doc
    raise KeyError(f"no {kind}/{name} to patch")


def _strategic(docs: list[Doc], patch: Doc) -> None:
    target = _target(docs, patch["kind"], patch["metadata"]["name"])
    merged = merge(target, patch)
    target.clear()
    target.update(merged)


def merge(base: Any, patch: Any) -> Any:
    """`patch` merged into a copy of `base` (see the module docstring)."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = copy.deepcopy(base)
        for key, value in patch.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = merge(out[key], value)
            else:
                out[key] = copy.deepcopy(value)
        return out
    if isinstance(base, list) and isinstance(patch, list) and _named(base) and _named(patch):
        items = copy.deepcopy(base)
        index = {item["name"]: i for i, item in enumerate(items)}
        for item in patch:
            if item["name"] in index:
                items[index[item["name"]]] = merge(items[index[item["name"]]], item)
            else:
                items.append(copy.deepcopy(item))
        return items
    return copy.deepcopy(patch)


def _named(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(i, dict) and "name" in i for i in items)


def json6902(doc: Doc, op: dict[str, Any]) -> None:
    """One RFC 6902 operation (add, replace, remove) applied to `doc` in place."""
    *parents, last = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
    node: Any = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key: Any = int(last) if isinstance(node, list) and last != "-" else last
    if op["op"] == "remove":
        del node[key]
    elif op["op"] == "replace":
        node[key] = op["value"]
    elif op["op"] == "add":
        if isinstance(node, list):
            node.insert(len(node) if key == "-" else key, op["value"])
        else:
            node[key] = op["value"]
    else:
        raise ValueError(f"unsupported op {op['op']!r}")


def _retag(doc: Doc, image: dict[str, str]) -> None:
    spec = doc.get("spec", {}).get("template", {}).get("spec", {})
    for container in spec.get("containers", []) + spec.get("initContainers", []):
        name, _, tag = container["image"].partition(":")
        if name == image["name"]:
            container["image"] = f"{image.get('newName', name)}:{image.get('newTag', tag)}".rstrip(":")
