"""The main-content statistics (``_Stats``) against their definitions, computed naively.

``_Stats`` computes every figure in two passes over numbered elements (one down, one up);
these tests compute each figure again by its definition, one recursive walk per element,
on generated pages with hidden and unscored subtrees, links, lists, figures, headings and
commas (ASCII and not), and compare them all.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dan.limits import Limits
from dan.readers.html.main_content import _UNSCORED, _Stats, _chrome_like, select_main_content
from dan.readers.html.reader import _body, _hidden_ids, _parse
from dan.readers.html.tree import Element

COMMAS = re.compile("[,\uff0c\u3001\u060c]")
COUNTED = ("p", "img", "li", "input")
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

WORDS = st.sampled_from(
    ["cranes", "payment, due", "a,b,c", "注意，这里", "列表、项目", "نص، هنا", "  ", "x" * 30, "ok."]
)
OPENERS = st.sampled_from(
    [
        "<div>",
        '<div class="sidebar">',
        '<div class="content main">',
        "<p>",
        "<ul>",
        "<ol>",
        "<li>",
        '<a href="/x">',
        "<figure>",
        "<h2>",
        "<section>",
        "<nav>",
        '<div role="navigation">',
        '<div hidden="">',
        '<div style="display:none">',
        "<script>",
        "<td>",
        "<footer>",
        '<span aria-hidden="true">',
        "<svg>",
        "<article>",
    ]
)
LEAVES = st.sampled_from(['<img src="a.png">', '<input name="q">', "<br>", "<hr>"])


def _closing(opener: str) -> str:
    return "</" + re.match(r"<(\w+)", opener).group(1) + ">"  # type: ignore[union-attr]


def _fragment(depth: int) -> st.SearchStrategy[str]:
    leaf = st.one_of(WORDS, LEAVES)
    if depth == 0:
        return leaf
    inner = st.lists(_fragment(depth - 1), max_size=4).map("".join)
    nested = st.tuples(OPENERS, inner).map(lambda t: t[0] + t[1] + _closing(t[0]))
    return st.one_of(leaf, nested)


PAGES = st.lists(_fragment(4), min_size=1, max_size=6).map(
    lambda parts: "<html><body>" + "".join(parts) + "</body></html>"
)


def _parsed(html: str) -> tuple[Element, Element, set[int]]:
    soup, _text, _nuls = _parse(html, Limits())
    body = _body(soup)
    return soup, body, _hidden_ids(body)


def _taking_part(body: Element, hidden: set[int]) -> list[Element]:
    out: list[Element] = []

    def walk(el: Element) -> None:
        out.append(el)
        for c in el.contents:
            if isinstance(c, Element) and c.name not in _UNSCORED and id(c) not in hidden:
                walk(c)

    walk(body)
    return out


def _own(el: Element) -> str:
    return "".join(c for c in el.contents if isinstance(c, str))


def _kids(el: Element, part: set[int]) -> list[Element]:
    return [c for c in el.contents if isinstance(c, Element) and id(c) in part]


def _text(el: Element, part: set[int]) -> int:
    return len(" ".join(_own(el).split())) + sum(_text(c, part) for c in _kids(el, part))


def _links(el: Element, part: set[int]) -> int:
    if el.name == "a":
        return _text(el, part)
    return sum(_links(c, part) for c in _kids(el, part))


def _commas(el: Element, part: set[int]) -> int:
    return len(COMMAS.findall(_own(el))) + sum(_commas(c, part) for c in _kids(el, part))


def _list_text(el: Element, part: set[int]) -> int:
    return sum(
        _text(c, part) if c.name in ("ul", "ol") else _list_text(c, part) for c in _kids(el, part)
    )


def _descendants(el: Element) -> list[Element]:
    out: list[Element] = []
    for c in el.contents:
        if isinstance(c, Element):
            out.append(c)
            out.extend(_descendants(c))
    return out


def _parents(root: Element) -> dict[int, Element]:
    """Each element's parent below ``root``, by id (the tree keeps no links up)."""
    out: dict[int, Element] = {}
    for el in [root, *_descendants(root)]:
        for c in el.contents:
            if isinstance(c, Element):
                out[id(c)] = el
    return out


def _ancestors(el: Element, body: Element, parents: dict[int, Element]) -> list[Element]:
    """``el``'s ancestors up to ``body`` (included), nearest first; none for the body."""
    out: list[Element] = []
    node = parents.get(id(el))
    while el is not body and node is not None:
        out.append(node)
        if node is body:
            break
        node = parents.get(id(node))
    return out


@settings(max_examples=150, deadline=None)
@given(PAGES)
def test_every_figure_matches_its_definition(html: str) -> None:
    soup, body, hidden = _parsed(html)
    stats = _Stats(body, frozenset(hidden))
    parents = _parents(body)
    expected = _taking_part(body, hidden)
    part = {id(el) for el in expected}
    assert {id(el) for el in stats.order} == part
    assert stats.order[0] is body
    for i, el in enumerate(stats.order):
        assert stats.index[id(el)] == i
        up = stats.parent[i]
        assert (up == -1) if el is body else (stats.order[up] is parents[id(el)])
        # a subtree is the run of numbers after its root
        below = {id(d) for d in _descendants(el) if id(d) in part}
        assert {id(d) for d in stats.order[i + 1 : i + stats.size[i]]} == below
        assert stats.text[i] == _text(el, part)
        assert stats.links[i] == _links(el, part)
        assert stats.commas[i] == _commas(el, part)
        assert stats.own_commas[i] == len(COMMAS.findall(_own(el)))
        assert stats.own[i] == _own(el)
        assert stats.list_text[i] == _list_text(el, part)
        # counts and headings see every descendant, hidden and unscored ones too
        names = [d.name for d in _descendants(el)]
        counts = tuple(names.count(n) for n in COUNTED)
        assert (stats.counts[i] or (0, 0, 0, 0)) == counts
        assert stats.counts[i] is None or any(counts)
        assert stats.headings[i] == any(n in HEADINGS for n in names)
        chain = [el, *_ancestors(el, body, parents)] if el is not body else []
        assert stats.unlikely[i] == any(_chrome_like(a) for a in chain if a is not body)
        assert stats.in_figure[i] == any(
            a.name == "figure" for a in _ancestors(el, body, parents)
        )
        n = stats.text[i]
        assert stats.density(i) == (stats.links[i] / n if n else 0.0)


@settings(max_examples=100, deadline=None)
@given(PAGES)
def test_dropped_blocks_lie_inside_the_kept_roots(html: str) -> None:
    soup, body, hidden = _parsed(html)
    selection = select_main_content(body, hidden)
    if selection is None:
        return
    inside = {id(d) for root in selection.roots for d in _descendants(root)}
    assert selection.dropped <= inside
    assert all(id(root) not in hidden for root in selection.roots)


def test_counts_and_headings_include_hidden_subtrees() -> None:
    html = (
        "<html><body><div id='wrap'><p>shown text</p>"
        "<div hidden=''><h3>hidden heading</h3><p>a</p><p>b</p><img src='x.png'>"
        "<ul><li>one</li></ul><input name='q'></div>"
        "<svg><figure><h4>in svg</h4></figure></svg></div></body></html>"
    )
    soup, body, hidden = _parsed(html)
    stats = _Stats(body, frozenset(hidden))
    wrap = next(el for el in stats.order if el.get("id") == "wrap")
    i = stats.index[id(wrap)]
    # one shown p and two hidden ones, the hidden img, li and input
    assert stats.counts[i] == (3, 1, 1, 1)
    assert stats.headings[i] is True
    assert stats.counts[0] == (3, 1, 1, 1) and stats.headings[0] is True
    # the hidden subtree and the svg do not take part, and their text does not count
    assert [el.name for el in stats.order] == ["body", "div", "p"]
    assert stats.text[i] == len("shown text")
    shown = stats.index[id(next(el for el in stats.order if el.name == "p"))]
    assert stats.counts[shown] is None and stats.headings[shown] is False
