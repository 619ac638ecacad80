"""Import a real cragkg/ directory into a world: kg.duckdb built in a temp dir, then renamed into place.

A world that already holds pages/questions (from `import-dataset`) keeps them: they are hard-linked (copied
where links are impossible) into the temp dir, so the swap replaces kg.duckdb and the manifest only, and a
reader sees either the old world or the new one, never a mix. A synthetic world is refused: its questions
are about its own KG and would no longer match.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB, MANIFEST, is_complete
from mockapi.core.staging import check_replaceable, disk_usage, link_or_copy, stage_world
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import (
    MANIFEST_FORMAT,
    DomainImport,
    KgImportSection,
    KgSection,
    Manifest,
    read_manifest,
    write_manifest,
)
from mockapi.formats.schema import schema_sql
from mockapi.formats.writer import TableWriter
from mockapi.importers.kg.layout import DOMAINS, is_present, missing_files
from mockapi.importers.kg.progress import ImportProgress
from mockapi.importers.kg.summary import entities_per_domain, table_counts
from mockapi.world.build import code_versions
from mockapi.world.manifest import content_hash

KIND = "imported-kg"
DATASET_KIND = "imported"
# search/ and serving/: rebuilt with the KG
_NOT_KEPT = {KG_DB, KG_DB + ".wal", MANIFEST, MANIFEST + ".tmp", "search", "serving"}


def import_kg(source: Path, target: Path, progress: ImportProgress) -> Manifest:
    """Import `source` (a cragkg/ dir) into the world `target`; returns the new manifest."""
    check_replaceable(target)  # before reading a byte of the source: an import takes minutes
    present = _check_source(source)
    previous = _previous_manifest(target)
    started = time.perf_counter()
    with stage_world(target, "importing-kg") as tmp:
        kg, report = _build_kg(source, tmp / KG_DB, present, progress)
        _keep_other_files(target, tmp)
        manifest = _manifest(source, tmp, previous, (kg, report), time.perf_counter() - started, progress)
        write_manifest(tmp, manifest)
    return manifest


def _check_source(source: Path) -> list[str]:
    if not source.is_dir():
        raise UserError(f"{source} is not a directory: pass the cragkg/ directory of your CRAG download")
    present = [d for d in DOMAINS if is_present(source, d)]
    if not present:
        raise UserError(
            f"no CRAG KG files under {source}: expected open/, movie/, finance/, music/ or sports/ "
            "as in CRAG's mock_api/cragkg/"
        )
    return present


def _previous_manifest(target: Path) -> Manifest:
    if not is_complete(target):
        return Manifest()
    previous = read_manifest(target)
    if previous.kind == "synthetic":
        raise UserError(
            f"{target} holds a synthetic world, whose questions belong to its own KG; "
            "import the real KG into another directory with --data DIR"
        )
    return previous


def _build_kg(
    source: Path, db: Path, present: list[str], progress: ImportProgress
) -> tuple[KgSection, KgImportSection]:
    """Every present domain into `db`, then the name index; what the KG holds, and how the import went."""
    con = duckdb.connect(str(db))
    try:
        con.execute(schema_sql("kg.sql"))
        out = TableWriter(con)
        domains: dict[str, DomainImport] = {}
        for name in present:
            started = time.perf_counter()
            counts = DOMAINS[name].run(source, out, progress)
            out.flush()
            domains[name] = DomainImport(counts=counts, seconds=round(time.perf_counter() - started, 2))
        started = time.perf_counter()
        with progress.step("search index", None):
            from mockapi.search.build import build_search_index

            build_search_index(con, db.parent)
        with progress.step("serving tables", None):
            from mockapi.serving.build import build_serving

            build_serving(con, db.parent)
        con.execute("CHECKPOINT")
        seconds = round(time.perf_counter() - started, 2)
        kg = KgSection(entities_per_domain=entities_per_domain(con, present), tables=table_counts(con))
        return kg, KgImportSection(domains=domains, name_index_seconds=seconds)
    finally:
        con.close()


def _manifest(
    source: Path,
    world: Path,
    previous: Manifest,
    sections: tuple[KgSection, KgImportSection],
    seconds: float,
    progress: ImportProgress,
) -> Manifest:
    """The previous manifest (pages, questions… of an imported dataset) with this import's keys replaced."""
    missing = {d: missing_files(source, d) for d in DOMAINS}
    manifest = previous.model_copy(deep=True)
    # a world that also holds an imported dataset stays "imported" (import-dataset's kind for it)
    manifest.kind = previous.kind if previous.kind == DATASET_KIND else KIND
    manifest.format = MANIFEST_FORMAT
    manifest.source = str(source)
    manifest.versions = code_versions()
    manifest.missing_domains = [d for d in DOMAINS if not is_present(source, d)]
    manifest.missing_files = sorted(f for files in missing.values() for f in files)
    manifest.kg, manifest.kg_import = sections
    with progress.step("hashing", None):
        manifest.content_hash = content_hash(world, manifest.versions)
    manifest.build_seconds = round(seconds, 2)
    manifest.disk_bytes = disk_usage(world)
    return manifest


# ───────────────────────── placing the world ─────────────────────────


def _keep_other_files(target: Path, tmp: Path) -> None:
    """Bring the world's other stores (pages, questions, index/) along, as hard links where possible."""
    if not target.is_dir():
        return
    for entry in target.iterdir():
        if entry.name in _NOT_KEPT:
            continue
        if entry.is_dir():
            shutil.copytree(entry, tmp / entry.name, copy_function=link_or_copy)
        else:
            link_or_copy(entry, tmp / entry.name)
