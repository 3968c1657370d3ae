"""Property tests of the index entry: structure, bounds and phrase rules for any records."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_index_kit import (
    C,
    all_phrases,
    doc,
    entry_lines_are_structural,
    max_unit,
    phrase_lines,
)

import dan
from ven import Ven

count = dan.count_tokens
_YEAR = re.compile(r"[12][0-9]{3}")

text = st.text(
    alphabet=st.characters(exclude_categories=["Cs"]), min_size=0, max_size=40
) | st.sampled_from(["2021", "17", "3.5", "Acme", "acme", "# Head", "## Sub", "[DOC X] y", "a;b", "NONE"])
phrases = st.lists(text, max_size=6)


@st.composite
def chunk_of(
    draw: Any, tokens: Any, phrase_lists: Any, plains: Any, names: Any
) -> dict[str, Any]:
    """One chunk's values: its tokens, phrase fields, plain text and review authors drawn
    from the given strategies."""
    ch: dict[str, Any] = C(t=draw(tokens))
    for key in ("h", "b", "i", "th", "li", "f", "pe", "o", "pla", "te"):
        if draw(st.booleans()):
            ch[key] = draw(phrase_lists)
    if draw(st.booleans()):
        ch["plain"] = draw(plains)
    if draw(st.booleans()):
        ch["rev"] = 1
        ch["ra"] = draw(st.lists(names, max_size=2))
    if draw(st.booleans()):
        ch["com"] = 1
        ch["ca"] = draw(st.lists(names, max_size=2))
    return ch


def chunk() -> Any:
    return chunk_of(st.integers(0, 1200), phrases, st.text(max_size=300), text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(chunk(), min_size=1, max_size=12),
    st.floats(min_value=0, max_value=100),
    st.text(min_size=0, max_size=200),
)
def test_entry_properties(chunks: list[dict[str, Any]], pct: float, title: str) -> None:
    v = Ven(doc(*chunks, doc_id="P-1", title=title))
    e = v.create_document_index(pct, count_tokens=count)
    assert entry_lines_are_structural(e.text, "P-1")
    assert e.text == "\n".join(e.parts)
    assert e.tokens == count(e.text)
    assert all(count(p) <= 900 for p in e.parts)
    body = phrase_lines(e.text)
    assert e.phrase_tokens == (count(body) if body else 0)
    assert e.phrase_tokens <= e.budget + max_unit(count, e.text)
    found = all_phrases(e.text)
    keys = [p.casefold() for p in found]
    assert len(keys) == len(set(keys))
    for p in found:
        assert p and p == p.strip() and "\n" not in p and ";" not in p and "[" not in p
        assert len(p) <= 100
        assert any(c.isalpha() for c in p) or _YEAR.fullmatch(p)
    assert v.create_document_index(pct, count_tokens=count) == e
    est = v.create_document_index(pct)
    assert entry_lines_are_structural(est.text, "P-1")


# Realistic words in several scripts: the estimate is calibrated on natural text, and the
# cap must hold at default settings (no counter) for documents of every shape.
_WORDS = (
    "agreement supplier payment termination notice liability warranty invoice schedule annex "
    "Vertrag Lieferant Zahlung Kündigung Haftung Gewährleistung Rechnung Anlage "
    "contrat fournisseur paiement résiliation responsabilité échéancier "
    "合同 供应商 付款 终止 通知 责任 発注書 支払い 契約 解約 通知書 "
    "عقد المورد الدفع الإنهاء إشعار المسؤولية "
    "договор поставщик оплата расторжение уведомление ответственность "
    "ISO-9001 Q3-2024 EUR 1,250.00 §4.2 ACME-Corp. O'Neil McDonald"
).split()
natural = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8).map(" ".join)
long_natural = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=40).map(" ".join)


def natural_chunk() -> Any:
    return chunk_of(
        st.integers(1, 60) | st.integers(1, 1500),
        st.lists(natural | long_natural, max_size=8),
        st.lists(long_natural, max_size=12).map(". ".join),
        natural,
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(natural_chunk(), min_size=1, max_size=60), st.sampled_from([1, 5, 10, 20, 50]), long_natural)
def test_default_entry_never_exceeds_pct_plus_the_allowance(chunks: list[dict[str, Any]], pct: int, title: str) -> None:
    from ven.index import ENTRY_ALLOWANCE

    v = Ven(doc(*chunks, doc_id="P-2", title=title))
    cap = v.token_count() * pct / 100 + ENTRY_ALLOWANCE
    estimated = v.create_document_index(pct)  # no counter: ven's own estimate
    assert count(estimated.text) <= cap
    exact = v.create_document_index(pct, count_tokens=count)
    assert exact.tokens <= cap
