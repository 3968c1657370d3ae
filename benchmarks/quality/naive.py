"""Pipeline 1's preprocessing: what users do today.

DOCX and HTML go through markitdown (mammoth + markdownify for DOCX, markdownify for
HTML); RTF, which markitdown does not read, goes through pandoc (``pypandoc``, RTF →
GitHub Markdown), else ``striprtf`` plain text; Markdown is used as written. The Markdown is
then split with LangChain's ``RecursiveCharacterTextSplitter.from_tiktoken_encoder`` on
o200k — registered from ``dan.tokenizer.encoding()`` because tiktoken cannot download its
files here. No title or metadata is added to the chunk text.

Every import is lazy so that the rest of the benchmark works without these packages;
:func:`available` says what is installed.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import dan
from dan.tokenizer import encoding


@dataclass(frozen=True)
class NaiveChunk:
    """One chunk of pipeline 1: document, position, text, o200k tokens."""

    doc: str
    seq: int
    text: str
    tokens: int


def available() -> dict[str, str | None]:
    """Versions of the pipeline-1 tools, ``None`` where missing."""
    out: dict[str, str | None] = {}
    for mod, attr in (("markitdown", "__version__"), ("langchain_text_splitters", None), ("striprtf", None)):
        try:
            m = __import__(mod)
            out[mod] = getattr(m, attr, None) if attr else _dist_version(mod.replace("_", "-"))
        except ImportError:
            out[mod] = None
    if out["markitdown"] is not None:
        try:  # (pipeline 1 reads DOCX through markitdown's docx extra: without it, no pipeline)
            import mammoth  # noqa: F401
        except ImportError:
            out["markitdown"] = None
    try:
        import pypandoc

        out["pandoc"] = pypandoc.get_pandoc_version()
    except (ImportError, OSError):
        out["pandoc"] = None
    return out


def _dist_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def converter_for(fmt: str) -> str:
    """The tool pipeline 1 uses for ``fmt`` (for the report)."""
    return {"docx": "markitdown", "html": "markitdown", "md": "as written", "rtf": "pandoc"}[fmt]


def to_markdown(name: str, data: bytes) -> str:
    """Convert one file the way a user would today (see the module docstring)."""
    fmt = name.rsplit(".", 1)[-1]
    if fmt in ("docx", "html"):
        from markitdown import MarkItDown, StreamInfo

        result = MarkItDown(enable_plugins=False).convert_stream(
            io.BytesIO(data), stream_info=StreamInfo(extension="." + fmt, filename=name)
        )
        return result.text_content
    if fmt == "md":
        return data.decode("utf-8")
    if fmt == "rtf":
        try:
            import pypandoc

            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / name
                path.write_bytes(data)
                return pypandoc.convert_file(str(path), "gfm", format="rtf")
        except (ImportError, OSError):
            from striprtf.striprtf import rtf_to_text

            return rtf_to_text(data.decode("ascii", "replace"))
    raise ValueError(f"no pipeline-1 converter for {name}")


def splitter(chunk_size: int, chunk_overlap: int):  # -> RecursiveCharacterTextSplitter
    """LangChain's recursive splitter measuring o200k tokens, as users configure it."""
    import tiktoken.registry
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    # from_tiktoken_encoder calls tiktoken.get_encoding(name), which returns a cached
    # encoding when there is one: give it the offline o200k built by dan.
    tiktoken.registry.ENCODINGS.setdefault("o200k_base", encoding())
    return RecursiveCharacterTextSplitter.from_tiktoken_encoder(
        encoding_name="o200k_base", chunk_size=chunk_size, chunk_overlap=chunk_overlap
    )


def chunk_collection(files: Sequence[tuple[str, bytes]], chunk_size: int = 1024,
                     chunk_overlap: int = 100) -> list[NaiveChunk]:
    """Convert and split every file; chunks keep their document and position."""
    split = splitter(chunk_size, chunk_overlap)
    out: list[NaiveChunk] = []
    for name, data in files:
        markdown = to_markdown(name, data)
        for seq, text in enumerate(split.split_text(markdown)):
            out.append(NaiveChunk(name, seq, text, dan.count_tokens(text)))
    return out
