"""manifest.json as one model: a written manifest round-trips byte for byte, manifests written before the
model (or by a newer version) still load, and a bad manifest is a one-line error naming the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mockapi.core.paths import MANIFEST
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import (
    Manifest,
    ManifestError,
    load_manifest,
    parse_manifest,
    read_manifest,
    read_manifest_or_empty,
    write_manifest,
)
from mockapi.world.build import build_world, code_versions

# A synthetic world's manifest as the builder wrote it before splits existed (no `split`, no `clock`), cut
# down to the sections readers use; the figures are the tiny world's of that time.
OLD_SYNTHETIC = """{
  "format": 1,
  "kind": "synthetic",
  "scale": "tiny",
  "seed": 0,
  "versions": {
    "crag-mockapi": "0.1.0",
    "generator": "1"
  },
  "kg": {
    "entities": 5920,
    "entities_per_domain": {
      "finance": 738,
      "open": 412
    },
    "min_lookalikes_per_target": 30,
    "hard_negative_ratio": 0.0323,
    "tables": {
      "fin_companies": 412
    }
  },
  "web_stage": {
    "summary": {
      "questions": 80,
      "recall_pct": {
        "web": 83.3,
        "kg": null,
        "kg_by_popularity": {
          "head": 63.6
        }
      },
      "html_size": {
        "p50": 233989
      },
      "last_modified_empty_pct": 68.4
    },
    "renderer": "1",
    "index": "skipped: mockapi.web.index not importable"
  },
  "content_hash": "sha256:00",
  "build_seconds": 8,
  "disk_bytes": 113084427
}
"""

# What import-kg wrote over a dataset world, with a key a later version might add.
OLD_IMPORTED = {
    "format": 1,
    "kind": "imported",
    "sources": ["crag_task_1_dev_v4.jsonl.bz2"],
    "questions": {"count": 3},
    "pages": {"pages": 38, "results": 50, "records": 10, "duplicates_replaced": 0, "duplicates_skipped": 0},
    "source": "/data/cragkg",
    "versions": {"crag-mockapi": "0.1.0"},
    "missing_domains": ["music"],
    "missing_files": ["music/artist_dict_simplified.pickle"],
    "kg": {"entities_per_domain": {"open": 4}, "tables": {"open_entities": 4}},
    "kg_import": {
        "domains": {"open": {"counts": {"open_entities": 4}, "seconds": 0.5}},
        "name_index_seconds": 1,
    },
    "content_hash": "sha256:11",
    "from_the_future": {"anything": [1, 2]},
}


def test_a_built_world_manifest_round_trips_byte_for_byte(tiny_world: Path) -> None:
    text = (tiny_world / MANIFEST).read_text(encoding="utf-8")
    manifest = read_manifest(tiny_world)
    assert manifest.kind == "synthetic" and manifest.split == "dev" and manifest.seed == 0
    assert manifest.web_stage is not None and manifest.web_stage.summary.questions > 0
    assert manifest.to_json() == text


def test_the_web_stage_key_is_declared_not_derived(tiny_world: Path) -> None:
    written = json.loads((tiny_world / MANIFEST).read_text(encoding="utf-8"))
    assert list(written) == [
        "format", "kind", "scale", "seed", "split", "clock", "versions", "kg", "web_stage",
        "content_hash", "build_seconds", "disk_bytes",
    ]  # fmt: skip
    assert set(written["web_stage"]) == {"summary", "renderer", "render", "index"}


def test_a_manifest_from_before_splits_loads_and_rewrites_unchanged(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text(OLD_SYNTHETIC, encoding="utf-8")
    manifest = read_manifest(tmp_path)
    assert manifest.split is None and manifest.effective_split == "dev"
    assert manifest.kg is not None and manifest.kg.entities_per_domain == {"finance": 738, "open": 412}
    assert manifest.kg.target_popularity == {}  # a newer key, absent: its empty default
    assert manifest.web_stage is not None and manifest.web_stage.summary.recall_pct.kg is None
    assert manifest.web_stage.index == "skipped: mockapi.web.index not importable"
    write_manifest(tmp_path, manifest)
    # nothing added, nothing dropped, `8` stays an int and `0.0323` a float
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == OLD_SYNTHETIC


def test_an_old_manifest_is_rebuilt_not_reused_when_the_code_changed(tmp_path: Path) -> None:
    # the builder's reuse check reads scale, seed, split (dev when absent) and versions off the model
    manifest = parse_manifest(OLD_SYNTHETIC, tmp_path / MANIFEST)
    built = (manifest.scale, manifest.seed, manifest.effective_split, manifest.versions)
    assert built == ("tiny", 0, "dev", {"crag-mockapi": "0.1.0", "generator": "1"})
    assert built[3] != code_versions()


def test_unknown_keys_survive_a_rewrite(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text(json.dumps(OLD_IMPORTED), encoding="utf-8")
    manifest = read_manifest(tmp_path)
    assert manifest.kg_import is not None and manifest.kg_import.domains["open"].seconds == 0.5
    assert manifest.missing_domains == ["music"]
    write_manifest(tmp_path, manifest)
    again = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    assert again == OLD_IMPORTED


def test_a_bare_directory_reads_as_an_empty_manifest(tmp_path: Path) -> None:
    assert read_manifest_or_empty(tmp_path) == Manifest()
    (tmp_path / MANIFEST).write_text("[1, 2]", encoding="utf-8")
    assert read_manifest_or_empty(tmp_path).content_hash is None


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"kind": "synthetic", "seed": "zero"}', "seed: Input should be a valid integer"),
        ('{"kg": {"entities_per_domain": {"open": "many"}}}', "kg.entities_per_domain.open:"),
        ('{"kind": "synthetic",', "is not JSON"),
        ("[1, 2]", "holds a JSON list, not an object"),
    ],
)
def test_a_bad_manifest_is_one_line_naming_the_file(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / MANIFEST
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ManifestError) as caught:
        load_manifest(path)
    message = str(caught.value)
    assert str(path) in message and says in message and "\n" not in message
    with pytest.raises(UserError, match="rebuild the world"):
        read_manifest(tmp_path)


def test_the_cli_reports_a_bad_manifest_on_one_line(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text('{"seed": "zero"}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mockapi.cli", "info", "--data", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"crag-mock info: error: unreadable manifest: {tmp_path / MANIFEST}: seed: Input should be a valid "
        "integer, unable to parse string as an integer (got 'zero'); rebuild the world (or re-import it)"
    )


def test_a_reused_world_returns_the_manifest_it_was_built_with(tiny_world: Path) -> None:
    manifest = build_world("tiny", 0, tiny_world)
    assert manifest == read_manifest(tiny_world)


def test_digests_taken_beside_the_stages_hash_as_digests_taken_at_the_end(tiny_world: Path) -> None:
    """With helpers the build takes kg.duckdb's digest beside the serving stage and the other stores'
    beside the web tables (`store_digests(world, taken)` skips the ones it has): the content hash from those
    pieces is the one a digest of every store at the end gives (a build with no helpers takes them so)."""
    from mockapi.world.manifest import content_hash, store_digests, table_digest

    rest = store_digests(tiny_world, frozenset({"kg.duckdb"}))
    assert "kg.duckdb" not in rest and {"pages.duckdb", "questions.duckdb"} <= set(rest)
    stores = {"kg.duckdb": table_digest(tiny_world / "kg.duckdb"), **rest}
    extra = {"renderer": "x"}
    assert content_hash(tiny_world, extra, stores) == content_hash(tiny_world, extra)
