"""Main-content extraction: which parts of a web page are its article, and which are chrome.

Paragraphs vote for the containers that hold them (their parent fully, further ancestors
less), weighted by their length and commas; class and id names that say *content* or
*chrome* move a container's score, and text inside links lowers it. The best container is
kept with those siblings that score close to it; inside what is kept, blocks that look like
chrome (link lists, share and cookie widgets, forms, navigation) are dropped. The ideas are
readability's scoring, jusText's link density and boilerpipe's shallow text features; the
code and its thresholds are ours, tuned on readability's test pages
(``benchmarks/bench_main_content.py``).

Everything is one pass down the tree and one pass up (no recursion, linear in the page).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from attrs import frozen
from dan.readers.html.tree import Element

__all__ = ["Selection", "looks_like_web_page", "select_main_content"]

_UNSCORED: Final = frozenset(
    """script style noscript template svg iframe frame frameset object embed applet canvas
    audio video map input select option optgroup button textarea datalist head meta link""".split()
)
_PARAGRAPHS: Final = frozenset({"p", "pre", "td", "h2", "h3", "h4", "h5", "h6"})
_CONTAINERS: Final = frozenset(
    """div section article main td blockquote pre body form center table tbody ul ol dl""".split()
)
_CHROME_TAGS: Final = frozenset({"nav", "aside", "form", "menu"})
_POSITIVE: Final = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story|prose",
    re.I,
)
_NEGATIVE: Final = re.compile(
    r"-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|"
    r"gdpr|cookie|consent|masthead|media|meta|outbrain|promo|related|scroll|share|"
    r"shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|social|subscribe|"
    r"newsletter|breadcrumb|nav|menu|popup|modal|signup|login|byline-share|recommend",
    re.I,
)
_UNLIKELY: Final = re.compile(
    r"banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|"
    r"legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|"
    r"supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|cookie|consent|share",
    re.I,
)
_MAYBE: Final = re.compile(r"and|article|body|column|content|main|shadow", re.I)
_CHROME_ROLES: Final = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar", "dialog"}
)
_COMMAS: Final = re.compile("[,\uff0c\u3001\u060c]")
_WORD_HTML: Final = re.compile(
    r"urn:schemas-microsoft-com:office|class\s*=\s*[\"']?Mso|name\s*=\s*[\"']?(?:Generator|ProgId)"
    r"[\"']?\s+content\s*=\s*[\"']?(?:Microsoft|Word\b|LibreOffice|OpenOffice)",
    re.I,
)
_PAGE_HINT: Final = re.compile(
    r"<\s*nav\b|role\s*=\s*[\"']?\s*(?:navigation|banner|contentinfo|search)\b", re.I
)
#: Notes and references are the document's own, whatever else their names say.
_NOTES: Final = re.compile(r"footnote|endnote|reference|citation|bibliograph", re.I)
_CHROME_NAMES: Final = re.compile(
    r"""(?:class|id)\s*=\s*["'][^"']*(?:sidebar|menu|navbar|masthead|share|social|cookie)""",
    re.I,
)
#: A paragraph shorter than this (characters of text) does not vote.
MIN_PARAGRAPH: Final = 25
#: Kept content shorter than this, on a page with twice as much text, is not trusted.
MIN_CONTENT: Final = 500


@frozen
class Selection:
    """What to read of a page: these roots, in document order, minus the ``dropped`` ids."""

    roots: tuple[Element, ...]
    dropped: frozenset[int]


def looks_like_web_page(source: str, soup: Element) -> bool:
    """Whether the page has site chrome to remove: yes for pages with navigation, page
    headers or footers, or many links; no for Word-exported HTML and plain documents."""
    if _WORD_HTML.search(source[:20_000]):
        return False
    if _PAGE_HINT.search(source):
        return True
    if _CHROME_NAMES.search(source):
        return True
    return len(soup.find_all("a", with_attr="href", limit=10)) >= 10


def _class_weight(tag: Element) -> int:
    weight = 0
    for value in (tag.get("class"), tag.get("id")):
        text = (
            " ".join(value) if isinstance(value, list) else value if isinstance(value, str) else ""
        )
        if not text:
            continue
        if _NEGATIVE.search(text):
            weight -= 25
        if _POSITIVE.search(text):
            weight += 25
    return weight


def _names(tag: Element) -> str:
    parts: list[str] = []
    for value in (tag.get("class"), tag.get("id")):
        if isinstance(value, list):
            parts.extend(str(v) for v in value)
        elif isinstance(value, str):
            parts.append(value)
    return " ".join(parts)


def _role(tag: Element) -> str:
    role = tag.get("role")
    return role.strip().lower() if isinstance(role, str) else ""


def _base_score(tag: Element) -> float:
    name = tag.name
    if name in ("div", "article", "main", "section"):
        base = 5.0
    elif name in ("pre", "td", "blockquote"):
        base = 3.0
    elif name in ("address", "ol", "ul", "dl", "dd", "dt", "li", "form"):
        base = -3.0
    elif name in ("h1", "h2", "h3", "h4", "h5", "h6", "th"):
        base = -5.0
    else:
        base = 0.0
    return base + _class_weight(tag)


_NO_COUNTS: Final = (0, 0, 0, 0)
#: What one element adds to its ancestors' counts of p, img, li and input elements.
_COUNT_OF: Final[dict[str, tuple[int, int, int, int]]] = {
    "p": (1, 0, 0, 0),
    "img": (0, 1, 0, 0),
    "li": (0, 0, 1, 0),
    "input": (0, 0, 0, 1),
}
_HEADINGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


class _Stats:
    """What the scoring asks of every element, computed once, bottom-up (text and link-text
    lengths, commas, text in outermost lists, descendant counts) and top-down (inside a
    chrome-like element, inside a figure), so no question walks a subtree or the ancestors
    again: the extraction stays linear however deep the page nests."""

    def __init__(self, body: Element, hidden: frozenset[int]) -> None:
        self.order: list[Element] = []
        self.pos: dict[int, int] = {}
        self.text: dict[int, int] = {}
        self.links: dict[int, int] = {}
        self.own: dict[int, str] = {}
        #: commas in the element's visible text, and in its own strings alone
        self.commas: dict[int, int] = {}
        self.own_commas: dict[int, int] = {}
        #: text in the outermost lists among the element's descendants (itself excluded)
        self.list_text: dict[int, int] = {}
        #: inside (or being) an element whose names, role or tag say chrome
        self.unlikely: dict[int, bool] = {}
        #: below a figure
        self.in_figure: dict[int, bool] = {}
        #: descendants (hidden ones included) per name of _COUNT_OF, and headings
        self.counts: dict[int, tuple[int, int, int, int]] = {}
        self.headings: set[int] = set()
        stack: list[Element] = [body]
        self.unlikely[id(body)] = False
        self.in_figure[id(body)] = False
        while stack:
            tag = stack.pop()
            key = id(tag)
            self.pos[key] = len(self.order)
            self.order.append(tag)
            for child in tag.contents:
                if isinstance(child, Element):
                    if child.name not in _UNSCORED and id(child) not in hidden:
                        self.unlikely[id(child)] = self.unlikely[key] or _chrome_like(child)
                        self.in_figure[id(child)] = self.in_figure[key] or tag.name == "figure"
                        stack.append(child)
        for tag in reversed(self.order):
            own = "".join(str(c) for c in tag.contents if isinstance(c, str))
            key = id(tag)
            self.own[key] = own
            n = len(" ".join(own.split()))
            own_commas = len(_COMMAS.findall(own))
            commas = own_commas
            links = 0
            lists = 0
            for child in tag.contents:
                if isinstance(child, Element) and id(child) in self.text:
                    ck = id(child)
                    n += self.text[ck]
                    links += self.links[ck]
                    commas += self.commas[ck]
                    lists += self.text[ck] if child.name in ("ul", "ol") else self.list_text[ck]
            self.text[key] = n
            self.links[key] = n if tag.name == "a" else links
            self.commas[key] = commas
            self.own_commas[key] = own_commas
            self.list_text[key] = lists
        self._count_descendants(body)

    def _count_descendants(self, body: Element) -> None:
        """``counts`` and ``headings`` over every descendant tag (as ``find_all`` sees them);
        an element with none has no entry."""
        zero = _NO_COUNTS
        counts = self.counts
        headings = self.headings
        for tag in reversed(list(body.elements())):  # descendants before ancestors
            parent = tag.parent
            if not isinstance(parent, Element):
                continue
            key = id(tag)
            add = _COUNT_OF.get(tag.name)
            pk = id(parent)
            if add is not None or key in counts:
                mine = counts.get(key, zero)
                add = add or zero
                theirs = counts.get(pk, zero)
                counts[pk] = (
                    theirs[0] + mine[0] + add[0],
                    theirs[1] + mine[1] + add[1],
                    theirs[2] + mine[2] + add[2],
                    theirs[3] + mine[3] + add[3],
                )
            if tag.name in _HEADINGS or key in headings:
                headings.add(pk)

    def density(self, tag: Element) -> float:
        n = self.text.get(id(tag), 0)
        return self.links.get(id(tag), 0) / n if n else 0.0


def _chrome_like(tag: Element) -> bool:
    """An element whose names, role or tag say it is chrome (not its ancestors)."""
    if tag.name in ("body", "html"):
        return False
    names = _names(tag)
    if names and _UNLIKELY.search(names) and not _MAYBE.search(names):
        return True
    return _role(tag) in _CHROME_ROLES or tag.name in ("nav", "aside", "footer")


def _visible_text(tag: Element, stats: _Stats) -> str:
    parts: list[str] = []
    stack: list[Element] = [tag]
    while stack:
        node = stack.pop()
        parts.append(stats.own.get(id(node), ""))
        stack.extend(
            c for c in reversed(node.contents) if isinstance(c, Element) and id(c) in stats.text
        )
    return " ".join(parts)


def select_main_content(body: Element, hidden: Iterable[int] = ()) -> Selection | None:
    """The page's main content, or None when no part of it stands out (read it whole).

    ``hidden`` are ids of elements the reader drops anyway (they neither vote nor count).
    """
    stats = _Stats(body, frozenset(hidden))
    total = stats.text.get(id(body), 0)
    if total == 0:
        return None
    # Like readability, try again without trusting chrome-like names when too little is left.
    for strict in (True, False):
        found = _select(body, stats, total, strict)
        if found is not None:
            return found
    return None


def _select(body: Element, stats: _Stats, total: int, strict: bool) -> Selection | None:
    scores: dict[int, float] = {}
    tags: dict[int, Element] = {}
    for tag in stats.order:
        name = tag.name
        if name not in _PARAGRAPHS and not (
            name == "div" and len(stats.own[id(tag)].strip()) >= MIN_PARAGRAPH
        ):
            continue
        length = stats.text[id(tag)]
        if length < MIN_PARAGRAPH or (strict and stats.unlikely[id(tag)]):
            continue
        commas = stats.commas[id(tag)] if name != "div" else stats.own_commas[id(tag)]
        score = 1.0 + commas + min(length // 100, 3)
        parent = tag.parent
        level = 0
        while isinstance(parent, Element) and level < 5:
            key = id(parent)
            if key not in stats.text:
                break
            if key not in scores:
                scores[key] = _base_score(parent)
                tags[key] = parent
            scores[key] += score / (1 if level == 0 else 2 if level == 1 else level * 3)
            if parent is body:
                break
            parent = parent.parent
            level += 1
    if not scores:
        return None
    final = {k: s * (1.0 - stats.density(tags[k])) for k, s in scores.items()}
    top_key = max(final, key=lambda k: (final[k], -stats.pos[k]))
    top = tags[top_key]
    top = _widen(top, final, tags, stats)
    roots = _with_siblings(top, final, stats, strict)
    kept_len = sum(stats.text.get(id(r), 0) for r in roots)
    if kept_len < MIN_CONTENT and total >= 2 * kept_len:
        return None
    dropped: set[int] = set()
    for root in roots:
        dropped |= _chrome_inside(root, stats, final, strict)
    return Selection(tuple(roots), frozenset(dropped))


def _widen(
    top: Element, final: dict[int, float], tags: dict[int, Element], stats: _Stats
) -> Element:
    """Climb from ``top`` to the container that holds the rest of the article: while the
    ancestors' scores stay above a third of the last one, the first that scores higher wins;
    then while the parent holds little more than it, or gathers other strong candidates (an
    article split into parts), or has no other child."""
    best = final[id(top)]
    last = best
    node = top.parent
    while (
        isinstance(node, Element) and id(node) in stats.text and node.name not in ("body", "html")
    ):
        score = final.get(id(node))
        if score is not None:
            if score < last / 3:
                break
            if score > last:
                top = node
                break
            last = score
        node = node.parent
    node = top
    while (
        isinstance(node.parent, Element)
        and id(node.parent) in stats.text
        and node.parent.name not in ("body", "html")
    ):
        parent = node.parent
        here = stats.text[id(node)]
        there = stats.text[id(parent)]
        children = [c for c in parent.contents if isinstance(c, Element) and id(c) in stats.text]
        strong = sum(1 for c in children if c is not node and final.get(id(c), 0.0) >= 0.75 * best)
        if (
            len(children) == 1
            or (there and here / there >= 0.85)
            or (strong >= 1 and stats.density(parent) < 0.3)
        ):
            node = parent
        else:
            break
    return node


def _with_siblings(
    top: Element, final: dict[int, float], stats: _Stats, strict: bool
) -> list[Element]:
    parent = top.parent
    if not isinstance(parent, Element):
        return [top]
    best = final.get(id(top), 0.0)
    threshold = max(10.0, 0.2 * best)
    top_class = top.get("class")
    kept: list[Element] = []
    for sib in parent.contents:
        if not isinstance(sib, Element) or id(sib) not in stats.text:
            continue
        if sib is top:
            kept.append(sib)
            continue
        score = final.get(id(sib), 0.0)
        if top_class and sib.name == top.name and sib.get("class") == top_class:
            if stats.density(sib) < 0.3:
                kept.append(sib)  # another part of the article in the same template
                continue
            score += 0.2 * best
        if score >= threshold:
            kept.append(sib)
            continue
        if sib.name == "p" and not (strict and stats.unlikely[id(sib)]):
            length = stats.text[id(sib)]
            density = stats.density(sib)
            if length > 80 and density < 0.25:
                kept.append(sib)
            elif (
                0 < length <= 80
                and density == 0
                and re.search(r"\.( |$)", _visible_text(sib, stats))
            ):
                kept.append(sib)
    return kept


def _chrome_inside(root: Element, stats: _Stats, final: dict[int, float], strict: bool) -> set[int]:
    """Ids of blocks inside kept content that look like chrome (data tables are kept whole)."""
    dropped: set[int] = set()
    stack: list[Element] = [c for c in root.contents if isinstance(c, Element)]
    while stack:
        tag = stack.pop()
        key = id(tag)
        if key not in stats.text:
            continue
        if tag.name == "table" and _is_data_table(tag):
            continue
        if _is_chrome(tag, stats, final, strict):
            dropped.add(key)
            continue
        stack.extend(c for c in tag.contents if isinstance(c, Element))
    return dropped


def _is_data_table(table: Element) -> bool:
    """A table of data (not of layout): told by its markup, or by its size."""
    if _role(table) == "presentation" or str(table.get("datatable", "")) == "0":
        return False
    if (
        table.get("summary")
        or table.find(["caption", "thead", "tfoot", "colgroup", "th"]) is not None
    ):
        return True
    if table.find("table") is not None:
        return False
    rows = table.find_all("tr", limit=11)
    if len(rows) >= 10:
        return True
    cols = max((len(r.find_all(["td", "th"], recursive=False)) for r in rows), default=0)
    return cols > 4 or len(rows) * cols > 10


_CHECKED: Final = frozenset(
    {"div", "section", "ul", "ol", "table", "header", "footer", "dl", "fieldset"}
)


def _is_chrome(tag: Element, stats: _Stats, final: dict[int, float], strict: bool) -> bool:
    name = tag.name
    if name in _CHROME_TAGS or _role(tag) in _CHROME_ROLES:
        return True
    if name not in _CHECKED:
        return False
    text = stats.text[id(tag)]
    names = _names(tag)
    if names and _NOTES.search(names):
        return False
    if strict and names and _UNLIKELY.search(names) and not _MAYBE.search(names) and text < 2000:
        return True
    weight = _class_weight(tag)
    if weight + final.get(id(tag), 0.0) < 0 and text < 1000:
        return True
    if stats.commas[id(tag)] >= 10:
        return False
    density = stats.density(tag)
    is_list = name in ("ul", "ol") or (text > 0 and stats.list_text[id(tag)] > 0.9 * text)
    in_figure = stats.in_figure[id(tag)]
    counts = stats.counts.get(id(tag), (0, 0, 0, 0))
    # capped as the find_all(limit=…) counts they replace were
    paragraphs, images, items, inputs = (
        min(counts[0], 100),
        min(counts[1], 100),
        min(counts[2], 300),
        min(counts[3], 100),
    )
    if images > 1 and paragraphs / images < 0.5 and not in_figure:
        return True
    if not is_list and items - 100 > paragraphs:
        return True
    if inputs > paragraphs // 3:
        return True
    if not is_list and text < 25 and (images == 0 or images > 2) and not in_figure:
        return id(tag) not in stats.headings
    if not is_list and weight < 25 and density > 0.2:
        return True
    return weight >= 25 and density > 0.5
