"""A body of stored pages made chunk by chunk (mockapi/web/body_stream.py): the chunks join to the body the
pages make (identity) and to a gzip member that decodes to it, their lengths are known before any page is
inflated, and no chunk is much over the chunk size, whatever the size (pages larger and smaller than a
chunk, pieces over a stored block's 64 KiB)."""

from __future__ import annotations

import gzip
import random

import orjson
import pytest

from mockapi.web.body_stream import gzip_chunks, gzip_length, identity_chunks, identity_length
from mockapi.web.html_store import Entry, PageRef, html_record, result_pieces


def page(rng: random.Random, size: int) -> str:
    words = ["<p>", "</p>", "Héllo", '"quoted"', "table", "\n", "\\", "2024-03-01", "<td>1.5</td>", "ü"]
    out, total = [], 0
    while total < size:
        word = rng.choice(words) if rng.random() < 0.9 else str(rng.random())
        out.append(word)
        total += len(word) + 1
    return " ".join(out)


def entry(i: int, html: str | None) -> Entry:
    return {
        "page_name": f"page {i}",
        "page_url": f"https://example.com/{i}",
        "page_snippet": "a <strong>snippet</strong> " * (3000 if i == 1 else 1),  # one piece over 64 KiB
        "page_result": html,
        "page_last_modified": "2024-03-05 12:00:00",
        "rank": i + 1,
    }


@pytest.fixture(scope="module")
def stored() -> tuple[list[Entry], dict[str, bytes]]:
    rng = random.Random(7)
    sizes = [0, 10, 200_000, 70_000, 1_500_000, 5_000, 65_536, 131_072]
    entries = [entry(i, page(rng, size)) for i, size in enumerate(sizes)]
    records = {e["page_url"]: html_record(e["page_result"] or "") for e in entries}
    return entries, records


@pytest.mark.parametrize("size", [1_000, 4_096, 65_536, 1 << 20])
def test_chunks_join_to_the_body_in_bounded_chunks(
    stored: tuple[list[Entry], dict[str, bytes]], size: int
) -> None:
    entries, records = stored
    expected = orjson.dumps({"result": entries})
    pieces = result_pieces([(e, PageRef.of(e["page_url"], records[e["page_url"]])) for e in entries])
    reads: list[str] = []

    def read(page_id: str) -> bytes:
        reads.append(page_id)
        return records[page_id]

    length = identity_length(pieces)
    assert reads == []  # known from the refs: nothing read, nothing inflated
    chunks = list(identity_chunks(pieces, read, size))
    assert b"".join(chunks) == expected and length == len(expected)
    assert reads == [e["page_url"] for e in entries]  # each page read once, when the body reaches it
    biggest_plain = len(orjson.dumps(entries[1]["page_snippet"])) + 100
    assert max(len(c) for c in chunks) <= 2 * size + biggest_plain
    assert all(len(c) >= size for c in chunks[:-1])

    zipped = list(gzip_chunks(pieces, read, size))
    assert len(b"".join(zipped)) == gzip_length(pieces)
    assert gzip.decompress(b"".join(zipped)) == expected
    assert max(len(c) for c in zipped) <= 2 * size + biggest_plain


def test_a_body_without_pages_is_its_plain_pieces() -> None:
    entries = [entry(0, "<html>kept whole</html>")]
    pieces = result_pieces([(entries[0], None)])
    expected = orjson.dumps({"result": entries})

    def read(page_id: str) -> bytes:
        raise AssertionError("no page to read")

    assert (
        b"".join(identity_chunks(pieces, read))
        == expected
        == gzip.decompress(b"".join(gzip_chunks(pieces, read)))
    )
    assert identity_length(pieces) == len(expected)


@pytest.mark.parametrize("len_b", [0, 1, 7, 4_096, 65_535, (1 << 20) + 3, 3 * (1 << 20) + 11])
def test_the_combined_crc_is_the_crc_of_the_joined_bytes(len_b: int) -> None:
    """The gzip trailer's CRC-32 is combined from the pages' own CRCs (multiplied by x^(8n) mod P): it must
    equal zlib's CRC of the concatenation at any length, past the 1 MiB steps of the old zero-byte loop."""
    import zlib

    from mockapi.web.body_stream import _crc32_combine

    rng = random.Random(len_b)
    a, b = rng.randbytes(rng.randrange(1, 5_000)), rng.randbytes(len_b)
    assert _crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)
    assert _crc32_combine(0, zlib.crc32(b), len(b)) == zlib.crc32(b)
