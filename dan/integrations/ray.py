"""Row functions for converting a corpus with Ray Data (the ``ray`` extra).

This module does not import Ray: its functions map plain ``dict`` rows, so Ray calls them
in its workers and tests call them directly. The recipe (``docs/scale-out.md``)::

    import functools
    import ray
    from dan.integrations.ray import chunk_rows, convert_row

    files = ray.data.read_binary_files("corpus/", include_paths=True)  # rows: {"bytes", "path"}
    docs = files.map(functools.partial(convert_row, max_tokens=512))   # one row per file
    chunks = docs.flat_map(chunk_rows)                                 # one row per chunk
    chunks.write_parquet("chunks/")                                    # or .iter_rows(), ...

A file that fails becomes a row with ``error`` set and no chunks, so one bad file never
fails the job; filter them with ``docs.filter(lambda r: r["error"] != "")``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from typing import Any

from dan.converter import Dan, DanResult
from dan.errors import IntegrationError
from dan.options import OPTION_NAMES, build_options

__all__ = ["convert_row", "chunk_rows", "DOC_COLUMNS", "CHUNK_COLUMNS"]

#: Columns of the rows :func:`convert_row` returns.
DOC_COLUMNS = ("path", "doc_id", "doc_title", "chunk_count", "error_type", "error", "chunks_json")
#: Columns of the rows :func:`chunk_rows` yields.
CHUNK_COLUMNS = ("path", "doc_id", "seq", "text", "metadata_json")


_PER_DOCUMENT = ("doc_id", "doc_title")


def _convert(data: bytes, filename: str | None, options: Mapping[str, Any]) -> DanResult:
    unknown = sorted(set(options) - set(OPTION_NAMES) - set(_PER_DOCUMENT))
    if unknown:
        raise IntegrationError(f"unknown dan.convert option(s): {', '.join(unknown)}")
    opts = build_options(None, {k: v for k, v in options.items() if k not in _PER_DOCUMENT})
    d = Dan(opts)
    d.import_bytes(
        data, doc_id=options.get("doc_id"), doc_title=options.get("doc_title"), filename=filename
    )
    return d.get_markdown()


def convert_row(row: Mapping[str, Any], **convert_kwargs: Any) -> dict[str, Any]:
    """Convert one ``read_binary_files`` row (``bytes``, optional ``path``) into one row per file.

    ``convert_kwargs`` are :func:`dan.convert` options. The path (present when the
    dataset was read with ``include_paths=True``) helps detect the format, as the file
    name does for a file; the title falls back to the first line of text rather than
    the file name. Every column is a scalar so the rows form one Arrow schema:
    ``chunks_json`` is a JSON list of ``{"text", "metadata"}`` objects (dan's records
    are flat, so they survive JSON unchanged). A file that fails gets ``error_type`` and
    ``error`` (``""`` otherwise) and ``chunks_json == "[]"``; only a row that is not a
    ``read_binary_files`` row, or an unknown option, raises.
    """
    data = row.get("bytes")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise IntegrationError(
            "convert_row expects rows of ray.data.read_binary_files: "
            f"a 'bytes' column (got {type(data).__name__})"
        )
    path = str(row.get("path") or "")
    try:
        res = _convert(bytes(data), os.path.basename(path) or None, convert_kwargs)
    except IntegrationError:
        raise
    except Exception as exc:  # one bad file must not fail the job
        return {
            "path": path,
            "doc_id": "",
            "doc_title": "",
            "chunk_count": 0,
            "error_type": type(exc).__name__,
            "error": str(exc) or type(exc).__name__,
            "chunks_json": "[]",
        }
    return {
        "path": path,
        "doc_id": res.doc_id,
        "doc_title": res.doc_title,
        "chunk_count": len(res),
        "error_type": "",
        "error": "",
        "chunks_json": json.dumps(
            [{"text": t, "metadata": r} for t, r in res], ensure_ascii=False, separators=(",", ":")
        ),
    }


def chunk_rows(row: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """One row per chunk of a :func:`convert_row` row (none for a failed file), for ``flat_map``.

    ``metadata_json`` is the chunk's flat record as JSON: decode it with ``json.loads`` to
    store the fields in a vector store, or keep it as one column.
    """
    for chunk in json.loads(row.get("chunks_json") or "[]"):
        meta = chunk["metadata"]
        yield {
            "path": row.get("path", ""),
            "doc_id": meta["ssDocId"],
            "seq": meta["ssSeq"],
            "text": chunk["text"],
            "metadata_json": json.dumps(meta, ensure_ascii=False, separators=(",", ":")),
        }
