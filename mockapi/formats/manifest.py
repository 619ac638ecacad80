"""manifest.json as one declared model: what a world holds, who wrote it, and the hash that identifies it.

Three writers (the world builder, `import-dataset`, `import-kg`) and every reader share these classes. The
JSON stays the flat document worlds have always carried, so a manifest written before this model (lacking
newer keys such as `split`) still loads, and one written by a newer version keeps its unknown keys through a
rewrite (`extra="allow"`). Only the keys a writer set are written back (`exclude_unset`), so loading and
writing a manifest gives the same keys and values.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mockapi.core.paths import MANIFEST, is_complete
from mockapi.core.user_error import UserError
from mockapi.formats.jsondoc import first_problem, json_object

MANIFEST_FORMAT = 1

# JSON numbers as written: an int stays an int and a float a float through a round trip (pydantic keeps
# the member of the union that matches exactly), so rewriting a manifest changes no figure's spelling.
Number = int | float


class Section(BaseModel):
    """A part of the manifest; keys this version does not know are kept, not dropped."""

    model_config = ConfigDict(extra="allow")


class KgSection(Section):
    """The knowledge graph: entity and table counts, and (synthetic worlds) the hard-negative figures."""

    entities: int | None = None
    """Entities over all domains (synthetic worlds)."""
    entities_per_domain: dict[str, int] = Field(default_factory=dict)
    """Entities per KG domain (open, movie, finance, music, sports)."""
    targets: int | None = None
    """Entities a question can be about (synthetic worlds)."""
    target_popularity: dict[str, int] = Field(default_factory=dict)
    """Targets per popularity class (head, torso, tail)."""
    min_lookalikes_per_target: int | None = None
    """The fewest look-alikes any target has (CRAG's hard negatives)."""
    hard_negative_ratio: Number | None = None
    """Signal-to-noise ratio of name search: 1 / (1 + look-alikes)."""
    tables: dict[str, int] = Field(default_factory=dict)
    """Rows per kg.duckdb table."""
    carried_over: bool | None = None
    """import-dataset kept a KG it found in the target world but had no manifest section for."""


class RecallSection(Section):
    """Share (%) of questions whose answer is among their 50 pages; None when a group is empty."""

    web: Number | None = None
    kg: Number | None = None
    kg_by_popularity: dict[str, Number | None] = Field(default_factory=dict)
    false_premise: Number | None = None


class WebSummary(Section):
    """Question mix and page statistics, measured by the build (`mockapi.world.pages.summary`)."""

    questions: int = 0
    by_type: dict[str, int] = Field(default_factory=dict)
    by_dynamism: dict[str, int] = Field(default_factory=dict)
    by_domain: dict[str, int] = Field(default_factory=dict)
    by_source: dict[str, int] = Field(default_factory=dict)
    kg_popularity: dict[str, int] = Field(default_factory=dict)
    type_share_pct: dict[str, Number] = Field(default_factory=dict)
    dynamism_share_pct: dict[str, Number] = Field(default_factory=dict)
    max_type_gap_pts: Number | None = None
    """Largest gap (percentage points) between the world's and CRAG's question-type shares."""
    max_dynamism_gap_pts: Number | None = None
    recall_pct: RecallSection = Field(default_factory=RecallSection)
    pages: int = 0
    """Distinct pages."""
    results: int = 0
    """Search results (question, rank) pairs."""
    empty_pages: int = 0
    html_size: dict[str, int] = Field(default_factory=dict)
    """Page HTML sizes in bytes: p5, p50, p95, max per page; mean and median per served result."""
    last_modified_empty_pct: Number | None = None


class IndexSection(Section):
    """The full-text page index (`index/`, tantivy)."""

    format: str | None = None
    pages: int = 0
    dated_pages: int = 0


class WebStageSection(Section):
    """The synthetic questions and pages stage (questions.duckdb, pages.duckdb, index/)."""

    summary: WebSummary = Field(default_factory=WebSummary)
    renderer: str | None = None
    """Page renderer version: part of the content hash, since pages are rendered on request."""
    render: dict[str, Number] = Field(default_factory=dict)
    """Render timing on a sample (informational)."""
    index: IndexSection | str | None = None
    """The page index section, or why it was skipped."""


class QuestionsSection(Section):
    """Imported questions."""

    count: int = 0


class PagesSection(Section):
    """Imported pages and search results, and how duplicates were settled."""

    pages: int = 0
    results: int = 0
    records: int = 0
    duplicates_replaced: int = 0
    duplicates_skipped: int = 0


class DomainImport(Section):
    """One domain of `import-kg`: rows per table and seconds taken."""

    counts: dict[str, int] = Field(default_factory=dict)
    seconds: Number = 0


class KgImportSection(Section):
    """How `import-kg` went, per domain."""

    domains: dict[str, DomainImport] = Field(default_factory=dict)
    name_index_seconds: Number = 0


class Manifest(Section):
    """manifest.json. Field order is the order keys are written in (the builder's order of old)."""

    # ── identity: what produced the world
    format: int = MANIFEST_FORMAT
    """Manifest format version."""
    kind: str | None = None
    """synthetic (built), imported (import-dataset, maybe with a KG) or imported-kg (import-kg only)."""
    scale: str | None = None
    """Synthetic worlds: tiny, default or full."""
    seed: int | None = None
    secret: bool | None = None
    """`build --secret`: the world derives from the seed and secret.key, so /meta hides the seed."""
    split: str | None = None
    """Synthetic worlds: dev, test or train; absent in worlds built before splits existed (they are dev)."""
    clock: str | None = None
    """Synthetic worlds: the world's 'now'."""
    # ── sources: where an imported world came from
    sources: list[str] | None = None
    """import-dataset: the files read."""
    source: str | None = None
    """import-kg: the cragkg/ directory read."""
    versions: dict[str, str] = Field(default_factory=dict)
    """Versions of the code and the libraries whose output is stored (part of the content hash)."""
    missing_domains: list[str] | None = None
    missing_files: list[str] | None = None
    # ── counts: what the stores hold
    questions: QuestionsSection | None = None
    pages: PagesSection | None = None
    index: IndexSection | None = None
    kg: KgSection | None = None
    kg_import: KgImportSection | None = None
    web_stage: WebStageSection | None = None
    """The synthetic questions and pages (key kept from when it was named after the stage's module)."""
    # ── digest and cost
    content_hash: str | None = None
    """sha256 over every store's content digests and the versions (`mockapi.world.manifest.content_hash`)."""
    build_seconds: Number | None = None
    disk_bytes: int | None = None

    @property
    def effective_split(self) -> str:
        """The split, counting worlds built before splits existed as dev worlds."""
        return self.split or "dev"

    def to_json(self) -> str:
        """The document as written to manifest.json: the keys set, `format` first, two-space indent."""
        data = self.model_dump(mode="json", exclude_unset=True)
        return json.dumps({"format": self.format, **data}, indent=2) + "\n"


class ManifestError(ValueError):
    """manifest.json cannot be read as a manifest; the message is one line naming the file."""


def parse_manifest(text: str, path: Path) -> Manifest:
    """The manifest in `text` (read from `path`), or a ManifestError saying what is wrong where."""
    data = json_object(text, path, ManifestError)
    try:
        return Manifest.model_validate(data)
    except ValidationError as exc:
        raise ManifestError(f"{path}: {first_problem(exc)}") from None


def load_manifest(path: Path) -> Manifest:
    """Read and parse `path`; a missing or unreadable file is a ManifestError too."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError(f"cannot read {path} ({exc.__class__.__name__}: {exc})") from None
    return parse_manifest(text, path)


def write_manifest(world: Path, manifest: Manifest) -> None:
    """Write atomically (temp file + rename), so a reader never sees half a manifest."""
    tmp = world / (MANIFEST + ".tmp")
    tmp.write_text(manifest.to_json(), encoding="utf-8")
    os.replace(tmp, world / MANIFEST)


def read_manifest_or_empty(world: Path) -> Manifest:
    """The manifest, or an empty one when the world has none or it is unreadable (a bare directory still
    serves)."""
    try:
        return load_manifest(world / MANIFEST)
    except ManifestError:
        return Manifest()


def read_manifest(world: Path) -> Manifest:
    """The manifest of a complete world, or a one-line error saying how to make one."""
    if not is_complete(world):
        raise UserError(f"no world at {world}: run `crag-mock build --data {world}` (or import one) first")
    try:
        return load_manifest(world / MANIFEST)
    except ManifestError as exc:
        raise UserError(f"unreadable manifest: {exc}; rebuild the world (or re-import it)") from None
