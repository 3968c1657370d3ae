"""Property tests: the SPEC invariants over generated Markdown and text, any max_tokens."""

from __future__ import annotations

import re

from helpers import body_of, check_invariants, exact_tokens
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dan
from dan.pipeline.citation import header_budget

WORDS = st.one_of(
    st.sampled_from(
        ["alpha", "Beta", "gamma", "delta", "naïve", "Straße", "日本語", "中文文本", "テスト", "🎉", "👍🏽", "x1", "2024", "ok."]
    ),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDE", min_size=1, max_size=12),
)
LONG_WORD = st.text(alphabet="abcdefghij", min_size=200, max_size=900)


def sentence(draw) -> str:
    words = draw(st.lists(WORDS, min_size=1, max_size=25))
    if draw(st.integers(0, 20)) == 0:
        words.append(draw(LONG_WORD))
    return " ".join(words) + draw(st.sampled_from([".", "!", "?", "。", ""]))


@st.composite
def markdown_docs(draw):
    blocks = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["h", "p", "p", "list", "table", "code"]))
        if kind == "h":
            blocks.append("#" * draw(st.integers(1, 3)) + " " + " ".join(draw(st.lists(WORDS, min_size=1, max_size=6))))
        elif kind == "p":
            blocks.append(" ".join(sentence(draw) for _ in range(draw(st.integers(1, 8)))))
        elif kind == "list":
            items = [("- " if draw(st.booleans()) else "1. ") + sentence(draw) for _ in range(draw(st.integers(1, 6)))]
            blocks.append("\n".join(items))
        elif kind == "table":
            ncols = draw(st.integers(1, 4))
            rows = [[" ".join(draw(st.lists(WORDS, min_size=1, max_size=5))) for _ in range(ncols)] for _ in range(draw(st.integers(2, 12)))]
            lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * ncols]
            lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
            blocks.append("\n".join(lines))
        else:
            lines = [" ".join(draw(st.lists(WORDS, min_size=0, max_size=8))) for _ in range(draw(st.integers(1, 8)))]
            blocks.append("```\n" + "\n".join(lines) + "\n```")
    return "\n\n".join(blocks)


@st.composite
def text_docs(draw):
    paras = [" ".join(sentence(draw) for _ in range(draw(st.integers(1, 6)))) for _ in range(draw(st.integers(1, 10)))]
    sep = draw(st.sampled_from(["\n\n", "\n\n\n", "\r\n\r\n", "\n\f\n"]))
    return sep.join(paras)


MAX_TOKENS = st.one_of(st.integers(16, 64), st.integers(65, 512), st.sampled_from([1024, 2048, 4096]))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
_WORD = re.compile(r"\w+")


def _without_repeated_headers(chunks) -> list[str]:
    """Chunk bodies with table headers repeated from an earlier chunk removed."""
    seen: set[str] = set()
    out = []
    for chunk in chunks:
        body = body_of(chunk)
        lines = body.split("\n")
        if len(lines) >= 2 and lines[0].startswith("|") and lines[1].startswith("| ---"):
            head = "\n".join(lines[:2])
            if head in seen:
                body = "\n".join(lines[2:])
            seen.add(head)
        out.append(body)
    return out


def _words_in_order(source: str, res) -> None:
    joined = "".join(_WORD.findall("".join(_without_repeated_headers(res.chunks))))
    pos = 0
    for word in _WORD.findall(source):
        found = joined.find(word, pos)
        assert found >= 0, f"source word {word!r} missing or out of order"
        pos = found + len(word)


@SETTINGS
@given(doc=markdown_docs(), max_tokens=MAX_TOKENS)
def test_markdown_invariants(doc, max_tokens):
    res = dan.convert_string(doc, doc_type="markdown", max_tokens=max_tokens)
    check_invariants(res, max_tokens)
    body = [c for c, r in zip(res.chunks, res.records) if r["ssType"] == "body"]
    _words_in_order(re.sub(r"^(#+|\d+\.|-)\s", "", doc, flags=re.M), res)
    joined_chunks = "\n".join(body)
    # the pages-only header may exceed its budget at tiny limits (12 tokens at most here)
    room = max_tokens - max(header_budget(max_tokens), 12) - 2
    # A table row (with its header) or a whole code fence that fits is never cut.
    for block in doc.split("\n\n"):
        if block.startswith("|"):
            lines = block.split("\n")
            head = exact_tokens("\n".join(lines[:2])) + 1
            for line in lines[2:]:
                row = "| " + " | ".join(c.strip() for c in line.strip("|").split("|")) + " |"
                if exact_tokens(row) + head <= room:
                    assert row in joined_chunks, f"row cut although it fits: {row!r}"
    for fence in re.finditer(r"^```\n(.*?)\n?```$", doc, flags=re.M | re.S):
        block, inner = fence.group(0), fence.group(1).strip("\n")
        if inner.strip() and exact_tokens(block) <= room:
            assert any(inner in c for c in body), "code fence cut although it fits"


@SETTINGS
@given(doc=text_docs(), max_tokens=MAX_TOKENS)
def test_text_invariants(doc, max_tokens):
    res = dan.convert_string(doc, doc_type="text", max_tokens=max_tokens)
    check_invariants(res, max_tokens)
    _words_in_order(doc, res)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(1, 60), min_size=1, max_size=4),  # paragraph lengths in words
        min_size=1,
        max_size=12,
    ),
    st.sampled_from([160, 256, 512]),
)
def test_join_sections_keeps_every_paragraph_in_order_within_the_limit(sections, max_tokens):
    from helpers import body_of, check_invariants

    text = "".join(
        f"# S{i}\n\n" + "".join(" ".join(["word"] * n) + f" end{i}.{k}\n\n" for k, n in enumerate(paras))
        for i, paras in enumerate(sections)
    )
    apart = dan.convert_string(text, "markdown", max_tokens=max_tokens)
    joined = dan.convert_string(text, "markdown", max_tokens=max_tokens, join_sections=True)
    check_invariants(joined, max_tokens)
    assert len(joined) <= len(apart)
    assert "\n\n".join(body_of(c) for c in joined.chunks) == "\n\n".join(body_of(c) for c in apart.chunks)
    spans = [(r["ssSect"], r["ssSectLast"]) for r in joined.records]
    assert spans[0][0] == 1 and spans[-1][1] == len(sections)
    assert all(b[0] >= a[1] for a, b in zip(spans, spans[1:]))
    for chunk, (first, last) in zip(joined.chunks, spans):
        cited = f"section_path: S{first - 1}" + ("" if first == last else f" – S{last - 1}")
        assert cited + " |" in chunk.split("\n")[0]
