"""dan.readers.html.tree: libxml2's parse as small nodes, the way the HTML reader reads it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dan.readers.html.tree import Element, parse_html


def _body(html: str) -> Element:
    body = parse_html(html).find("body")
    assert body is not None
    return body


def test_contents_keep_elements_and_text_in_order():
    p = _body("<p>one <b>two</b> three</p>").contents[0]
    assert isinstance(p, Element) and p.name == "p"
    assert [c if isinstance(c, str) else c.name for c in p.contents] == ["one ", "b", " three"]
    assert p.get_text() == "one two three"
    assert not hasattr(p.contents[1], "parent")  # (no link up: no reference cycle per element)


def test_space_between_elements_is_one_space_or_one_line_break_except_in_pre():
    body = _body("<div>\n\n  <p>a</p>   <p>b</p></div><pre>  \n\n  </pre><textarea>   </textarea>")
    div, pre, area = (c for c in body.contents if isinstance(c, Element))
    assert div.contents[0] == "\n" and div.contents[2] == " "
    assert pre.contents == ["  \n\n  "] and area.contents == ["   "]


def test_comments_and_processing_instructions_are_left_out_but_split_the_text():
    p = _body("<p>a<!-- note -->b<?php echo 1 ?>c</p>").contents[0]
    assert isinstance(p, Element) and p.contents == ["a", "b", "c"]


def test_list_valued_attributes_are_lists():
    a = _body('<a class=" x  y " rel="nofollow noopener" href="/p" id="k">t</a>').contents[0]
    assert isinstance(a, Element)
    assert a.attrs == {"class": ["x", "y"], "rel": ["nofollow", "noopener"], "href": "/p", "id": "k"}
    assert a.get("missing", "d") == "d"


def test_nesting_deeper_than_libxml2s_own_tree_is_kept():
    depth = 5_000
    body = _body("<div>" * depth + "deep text" + "</div>" * depth)
    node: Element = body
    for _ in range(depth):
        (node,) = [c for c in node.contents if isinstance(c, Element)]
    assert node.contents == ["deep text"]


def test_an_empty_page_is_an_empty_document():
    for text in ("", "   ", "<!-- only a comment -->"):
        doc = parse_html(text)
        assert doc.name == "[document]" and doc.find("body") is None


def test_queries():
    doc = parse_html(
        "<html><head><title>T</title></head><body><svg><title>S</title></svg>"
        "<table><tr><td>1</td><th>2</th></tr></table><a href=''>x</a><a>y</a></body></html>"
    )
    titles = doc.find_all("title")
    assert [t.get_text() for t in titles] == ["T", "S"]
    paths = {id(el): [a.name for a in path] for el, path in doc.with_ancestors()}
    assert paths[id(titles[0])] == ["[document]", "html", "head"]
    assert paths[id(titles[1])] == ["[document]", "html", "body", "svg"]
    assert len(doc.find_all("a", with_attr="href")) == 1 and len(doc.find_all("a", limit=1)) == 1
    tr = doc.find("tr")
    assert tr is not None and [c.name for c in tr.find_all(["td", "th"], recursive=False)] == ["td", "th"]
    assert doc.find(["th", "td"]) is not None and doc.find("caption") is None
    assert [e.name for e in doc.elements()][:3] == ["html", "head", "title"]
    assert "".join(n for n in doc.descendants if isinstance(n, str)) == doc.get_text()


def test_the_document_holds_only_what_the_page_holds():
    # (closing the parse once added a stray " " string after the html element)
    doc = parse_html("<p>a</p>")
    assert [c.name for c in doc.contents if isinstance(c, Element)] == ["html"] and len(doc.contents) == 1


#: Nested elements and text, as a body's HTML.
NESTED = st.recursive(
    st.sampled_from(["t", " ", ""]),
    lambda inner: st.builds(
        lambda name, kids: f"<{name}>{''.join(kids)}</{name}>",
        st.sampled_from(["div", "p", "span", "b", "ul", "li", "table", "td"]),
        st.lists(inner, max_size=4),
    ),
    max_leaves=30,
)


@settings(max_examples=100, deadline=None)
@given(NESTED)
def test_elements_are_the_descendants_that_are_elements_in_document_order(html: str) -> None:
    root = parse_html("<body>" + html + "</body>")

    def below(node: Element) -> list[Element | str]:  # the definition, recursively
        out: list[Element | str] = []
        for child in node.contents:
            out.append(child)
            if isinstance(child, Element):
                out.extend(below(child))
        return out

    assert [id(n) for n in root.descendants] == [id(n) for n in below(root)]
    walked = [n for n in root.descendants if isinstance(n, Element)]
    assert [id(e) for e in root.elements()] == [id(e) for e in walked]
    body = root.find("body")
    assert body is not None
    assert [id(e) for e in body.elements()] == [id(n) for n in body.descendants if isinstance(n, Element)]


@settings(max_examples=100, deadline=None)
@given(NESTED)
def test_with_ancestors_gives_each_element_its_path_from_the_root(html: str) -> None:
    root = parse_html("<body>" + html + "</body>")

    def paths(node: Element, above: list[Element]) -> list[tuple[Element, list[Element]]]:
        out: list[tuple[Element, list[Element]]] = []
        for child in node.contents:
            if isinstance(child, Element):
                out.append((child, above + [node]))
                out.extend(paths(child, above + [node]))
        return out

    got = [(id(el), [id(a) for a in path]) for el, path in root.with_ancestors()]
    assert got == [(id(el), [id(a) for a in path]) for el, path in paths(root, [])]
