"""dan.readers.docx.ooxml's child lookups give what lxml's ``find`` gives for a plain tag."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from dan.readers.docx.ooxml import W, W_NS, child, children_by_tag, first_child, first_of

TAGS = ["pPr", "pStyle", "r", "numPr", "sectPr", "tcPr", "gridSpan"]
KIDS = st.lists(st.one_of(st.sampled_from(TAGS), st.just("#comment"), st.just("#other-ns")), max_size=8)


def _element(kids: list[str]) -> etree._Element:
    parent = etree.Element(W.p, nsmap={"w": W_NS})
    for i, kid in enumerate(kids):
        if kid == "#comment":
            parent.append(etree.Comment(f"note {i}"))
        elif kid == "#other-ns":
            etree.SubElement(parent, "{urn:other}pPr")
        else:
            etree.SubElement(parent, getattr(W, kid), {W.val: str(i)})
    return parent


@settings(max_examples=300, deadline=None)
@given(KIDS)
def test_the_lookups_find_what_find_finds(kids: list[str]) -> None:
    el = _element(kids)
    parts = children_by_tag(el)
    for name in TAGS:
        tag = getattr(W, name)
        expected = el.find(tag)
        assert child(el, tag) is expected
        assert first_child(el, tag) is expected  # (whether or not it comes first)
        assert first_of(list(el), tag) is expected
        assert parts.get(tag) is expected


def test_a_properties_element_anywhere_is_found() -> None:
    # Word writes w:pPr first; other producers may not, and the reader still reads it
    el = _element(["r", "r", "pPr", "pPr"])
    found = first_child(el, W.pPr)
    assert found is not None and found.get(W.val) == "2"
    assert first_child(_element(["r"]), W.pPr) is None
    assert first_child(_element([]), W.pPr) is None
