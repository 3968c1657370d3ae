"""Pre-chunked sources: dan's output (chunk texts and their flat records) uploaded as is.

A client that ran dan itself sends ``[{"text": chunk, "record": record}, ...]``. The store
keeps them exactly, after checking that they are dan's output: ven accepts the records
(one document, ``ssSeq`` 0…n−1, consistent fields), every value is a ``str`` or ``int``,
and every ``ssTokens`` is the exact o200k count of its text (the evidence budget relies on
it). The stored source is the canonical JSON of the chunks, which is also what identical
uploads are recognised by.

A file converted elsewhere (the Ray recipe) can bring its original bytes along: the job then
holds both (:func:`pack_converted`), the chunks are stored as given, and the version keeps
the file, as an upload's does (downloaded as the original, reindexed by converting it again).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import dan
import ven
from demo.store.errors import InvalidRequestError
from demo.store.options import StoreOptions

__all__ = ["MAX_CHUNK_CHARS", "decode_chunks", "encode_chunks", "pack_converted", "unpack_converted"]

#: Characters of one chunk's text (dan's chunks are far smaller).
MAX_CHUNK_CHARS = 200_000
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")
#: What a job of a file converted elsewhere starts with; then the chunks' length (8 bytes).
_CONVERTED_MAGIC = b"danven-converted\n"


def _check(chunks: object, options: StoreOptions) -> list[tuple[str, dict[str, str | int]]]:
    if isinstance(chunks, (str, bytes)) or not isinstance(chunks, Sequence):
        raise InvalidRequestError("chunks must be a list of {\"text\": ..., \"record\": {...}} objects (dan's output)")
    if not chunks:
        raise InvalidRequestError("chunks is empty: send at least one chunk")
    if len(chunks) > options.max_chunks:
        raise InvalidRequestError(f"{len(chunks):,} chunks, over the store's limit of {options.max_chunks:,} (StoreOptions.max_chunks)")
    out: list[tuple[str, dict[str, str | int]]] = []
    chars = 0
    for i, item in enumerate(chunks):
        if not isinstance(item, Mapping) or set(item) != {"text", "record"}:
            raise InvalidRequestError(f"chunks[{i}] must be an object with exactly 'text' and 'record'")
        text, record = item["text"], item["record"]
        if not isinstance(text, str) or not text.strip():
            raise InvalidRequestError(f"chunks[{i}].text must be a non-empty string")
        if len(text) > MAX_CHUNK_CHARS:
            raise InvalidRequestError(f"chunks[{i}].text has {len(text):,} characters: dan's chunks are far smaller")
        if _BAD_TEXT.search(text):
            raise InvalidRequestError(f"chunks[{i}].text holds NUL or a lone surrogate: send dan's output unchanged")
        chars += len(text)
        if not isinstance(record, Mapping):
            raise InvalidRequestError(f"chunks[{i}].record must be an object (dan's flat record)")
        flat: dict[str, str | int] = {}
        for key, value in record.items():
            if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, (str, int)):
                raise InvalidRequestError(f"chunks[{i}].record[{key!r}] must be a str or int: dan's records are flat")
            if isinstance(value, str) and _BAD_TEXT.search(value):
                raise InvalidRequestError(f"chunks[{i}].record[{key!r}] holds NUL or a lone surrogate")
            flat[key] = value
        out.append((text, flat))
    if chars > options.max_extracted_chars:
        raise InvalidRequestError(
            f"the chunks hold {chars:,} characters, over the store's limit of {options.max_extracted_chars:,} "
            "(StoreOptions.max_extracted_chars)"
        )
    try:
        v = ven.Ven([r for _, r in out])
    except ven.VenError as exc:
        raise InvalidRequestError(f"the records are not one document's dan records: {exc}") from None
    for i, (text, record) in enumerate(out):
        if record.get("ssSeq") != i:
            raise InvalidRequestError(f"chunks[{i}] has ssSeq {record.get('ssSeq')!r}: send the chunks in ssSeq order")
        counted = dan.count_tokens(text)
        if record.get("ssTokens") != counted:
            raise InvalidRequestError(
                f"chunks[{i}] has ssTokens {record.get('ssTokens')!r} but its text has {counted} o200k tokens: "
                "send dan's output unchanged"
            )
    if not v.doc_id:
        raise InvalidRequestError("the records have no ssDocId")
    return out


def encode_chunks(chunks: object, options: StoreOptions) -> bytes:
    """The canonical JSON of validated chunks (InvalidRequestError says what is wrong)."""
    checked = _check(chunks, options)
    return json.dumps([{"text": t, "record": r} for t, r in checked], ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def decode_chunks(data: bytes, options: StoreOptions) -> tuple[tuple[str, ...], tuple[dict[str, str | int], ...]]:
    """Chunk texts and records from stored canonical JSON (checked again)."""
    try:
        parsed: Any = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidRequestError(f"the stored chunks are not JSON ({exc})") from None
    checked = _check(parsed, options)
    return tuple(t for t, _ in checked), tuple(r for _, r in checked)


def pack_converted(source: bytes, encoded_chunks: bytes) -> bytes:
    """One job payload of a file converted elsewhere: its original bytes and its
    :func:`encode_chunks` JSON."""
    return _CONVERTED_MAGIC + len(encoded_chunks).to_bytes(8, "big") + encoded_chunks + source


def unpack_converted(data: bytes) -> tuple[bytes, bytes]:
    """(original bytes, chunks' JSON) of a :func:`pack_converted` payload (InvalidRequestError
    when it is not one)."""
    head = len(_CONVERTED_MAGIC)
    if not data.startswith(_CONVERTED_MAGIC) or len(data) < head + 8:
        raise InvalidRequestError("the stored job is not a converted file's: queue the file again")
    n = int.from_bytes(data[head : head + 8], "big")
    if head + 8 + n > len(data):
        raise InvalidRequestError("the stored job is truncated: queue the file again")
    return data[head + 8 + n :], data[head + 8 : head + 8 + n]
