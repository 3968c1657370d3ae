"""Main-content extraction: which parts of a web page are its article, and which are chrome.

Paragraphs vote for the containers that hold them (their parent fully, further ancestors
less), weighted by their length and commas; class and id names that say *content* or
*chrome* move a container's score, and text inside links lowers it. The best container is
kept with those siblings that score close to it; inside what is kept, blocks that look like
chrome (link lists, share and cookie widgets, forms, navigation) are dropped, and so is the
page's tail after the article's last prose. The ideas are
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

__all__ = [
    "Selection",
    "declared_chrome",
    "looks_like_web_page",
    "main_content_or_chrome",
    "select_main_content",
]

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
    r"supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|cookie|consent|share|"
    r"paywall|similar|author-?(?:box|card|bio|info|description|container)|about-author|mini-bio|"
    r"post-author|jp-relatedposts|dialog|"
    r"wp_rp|likes|respond|reply",
    re.I,
)
#: Names of one widget each, whatever else the element is called: an author's box or
#: biography, a copyright line, a list of related posts, a comment form, a rating, a post's
#: metadata line. Unlike _UNLIKELY's words, a content-like name beside them ("author-box--
#: content", "content-related-stories") does not clear them, and they are trusted in both
#: passes (see _is_chrome).
_WIDGET_NAMES: Final = re.compile(
    r"author[-_]?(?:box|bio|info)|copyright|related[-_]?(?:posts?|stories|articles?)|"
    r"comment[-_]?(?:respond|form|area)|post-?ratings|nocomments|postmetadata|entry-meta",
    re.I,
)
#: (Jetpack's "robots-nocontent" marks a widget, not content.)
_MAYBE: Final = re.compile(r"and|article|body|column|(?<!no)content|main|shadow", re.I)
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
#: A block with this much text (characters) and few links is prose, not a widget.
PROSE_CHARS: Final = 400
#: Kept content shorter than this, on a page with twice as much text, is not trusted
#: unless it holds nearly all of the page's text (see _holds_the_page).
MIN_CONTENT: Final = 500
#: A block with this much text (characters), less than TAIL_PROSE_LINKS of it links, is
#: the article's prose, for where the article ends (see _tail).
TAIL_PROSE: Final = 100
TAIL_PROSE_LINKS: Final = 0.3
#: A block whose text is this share links or more, after the article's last prose, starts
#: the page's tail.
LINKED: Final = 0.7
#: A block named as chrome with this much text (characters) or more is not dropped for
#: its name alone.
NAMED_CHROME: Final = 2000
#: Share of a kept container's text from which a block inside it is not dropped as chrome
#: unless the page names it so: it is the article (see _chrome_inside).
ARTICLE_SHARE: Final = 0.5
#: Share of the page's text outside chrome and links (see _Stats.content) a selection
#: shorter than MIN_CONTENT must hold to be kept rather than the page read whole (see
#: _holds_the_page).
SHORT_ARTICLE_SHARE: Final = 0.95
#: Share of a kept container's text outside chrome and links one of its children must hold
#: for the selection to narrow to it (see _narrow).
NARROW_SHARE: Final = 0.95
#: Share of a kept container's text outside chrome and links one of its children must hold
#: for what follows that child to be the article's add-ons (see _trailing).
TRAILING_SHARE: Final = 0.9


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
_LISTS: Final = frozenset({"ul", "ol"})
#: Elements that are chrome by their name alone (see _chrome_like).
_CHROME_ELEMENTS: Final = frozenset({"nav", "aside", "footer"})


class _Stats:
    """What the scoring asks of every element, computed once, bottom-up (text and link-text
    lengths, commas, text in outermost lists, descendant counts) and top-down (inside a
    chrome-like element, inside a figure), so no question walks a subtree or the ancestors
    again: the extraction stays linear however deep the page nests.

    The elements that take part (``order``: the body and what is below it, less unscored
    and hidden subtrees) are numbered in the order of the walk down; ``index`` maps an
    element's ``id`` to its number, and every per-element figure is a list by number.
    """

    __slots__ = (
        "commas",
        "content_before",
        "counts",
        "headings",
        "in_figure",
        "index",
        "linked_images",
        "links",
        "list_text",
        "order",
        "own",
        "own_commas",
        "parent",
        "size",
        "text",
        "unlikely",
    )

    def __init__(self, body: Element, hidden: frozenset[int]) -> None:
        order: list[Element] = []
        names: list[str] = []
        #: the number of each element's parent (-1 for the body)
        parent: list[int] = []
        #: inside (or being) an element whose names, role or tag say chrome
        unlikely: list[bool] = []
        #: below a figure
        in_figure: list[bool] = []
        #: below a link
        in_link: list[bool] = []
        #: the element's own strings, their length with runs of spaces as one, their commas
        own: list[str] = []
        text: list[int] = []
        commas: list[int] = []
        #: (number of the parent, child element) of the subtrees that do not take part
        left_out: list[tuple[int, Element]] = []
        find_commas = _COMMAS.findall
        stack: list[tuple[Element, int, bool, bool, bool]] = [(body, -1, False, False, False)]
        push = stack.append
        # The walk down: each element's own figures, and its children that take part.
        while stack:
            tag, up, chrome, figure, linked = stack.pop()
            i = len(order)
            name = tag.name
            order.append(tag)
            names.append(name)
            parent.append(up)
            unlikely.append(chrome)
            in_figure.append(figure)
            in_link.append(linked)
            below = figure or name == "figure"
            below_link = linked or name == "a"
            strings: list[str] = []
            for child in tag.contents:
                if isinstance(child, str):
                    strings.append(child)
                elif isinstance(child, Element):
                    if child.name not in _UNSCORED and (not hidden or id(child) not in hidden):
                        push(
                            (
                                child,
                                i,
                                chrome
                                or (
                                    _chrome_like(child)
                                    if child.attrs
                                    else child.name in _CHROME_ELEMENTS
                                ),
                                below,
                                below_link,
                            )
                        )
                    else:
                        left_out.append((i, child))
            if strings:
                mine = "".join(strings)
                own.append(mine)
                text.append(len(" ".join(mine.split())))
                commas.append(mine.count(",") if mine.isascii() else len(find_commas(mine)))
            else:
                own.append("")
                text.append(0)
                commas.append(0)
        n = len(order)
        #: the page's own text outside chrome-named elements and links before each number:
        #: a subtree's is content_before[i + size[i]] less that at i (see content)
        content_before = [0] * (n + 1)
        for i in range(n):
            length = text[i] if not unlikely[i] and not in_link[i] and names[i] != "a" else 0
            content_before[i + 1] = content_before[i] + length
        own_commas = commas[:]
        #: descendants (left-out ones included) per name of _COUNT_OF, None for none
        counts: list[tuple[int, int, int, int] | None] = [None] * n
        #: has a heading among its descendants (left-out ones included)
        headings = [False] * n
        for i, child in left_out:
            left_counts, heading = _subtree_figures(child)
            counts[i] = _plus(counts[i], left_counts)
            headings[i] = headings[i] or heading
        count_of = _COUNT_OF
        links = [0] * n
        #: images below a link among the element's descendants
        linked_images = [0] * n
        #: text in the outermost lists among the element's descendants (itself excluded)
        lists = [0] * n
        #: the element and its descendants that take part: numbers i .. i + size[i] - 1
        size = [1] * n
        # The walk up: descendants come after their ancestors in ``order``, so walking it
        # backwards, an element's children have added their figures to it when it is
        # reached, and it adds its own to its parent's.
        for i in range(n - 1, 0, -1):
            up = parent[i]
            name = names[i]
            length = text[i]
            text[up] += length
            if name == "a":
                links[i] = length
            links[up] += links[i]
            if name == "img" and in_link[i]:
                linked_images[i] = 1
            linked_images[up] += linked_images[i]
            commas[up] += commas[i]
            lists[up] += length if name in _LISTS else lists[i]
            size[up] += size[i]
            add = count_of.get(name)
            held = counts[i]
            if add is not None or held is not None:
                counts[up] = _plus(counts[up], held, add)
            if headings[i] or name in _HEADINGS:
                headings[up] = True
        if names[0] == "a":
            links[0] = text[0]
        self.order = order
        self.parent = parent
        self.size = size
        self.index: dict[int, int] = dict(zip(map(id, order), range(n)))
        self.unlikely = unlikely
        self.in_figure = in_figure
        self.text = text
        self.links = links
        self.linked_images = linked_images
        self.own = own
        #: commas in the element's visible text, and in its own strings alone
        self.commas = commas
        self.own_commas = own_commas
        self.list_text = lists
        #: descendants (hidden ones included) per name of _COUNT_OF, and headings
        self.counts = counts
        self.headings = headings
        self.content_before = content_before

    def content(self, i: int) -> int:
        """Characters of text below element number ``i`` (itself included) outside
        chrome-named elements and links: headings, list items and table cells count, however
        short."""
        return self.content_before[i + self.size[i]] - self.content_before[i]

    def density(self, i: int) -> float:
        """Link text ÷ text of element number ``i`` (0 when it has no text)."""
        n = self.text[i]
        return self.links[i] / n if n else 0.0

    def members(self, tag: Element) -> list[int]:
        """The numbers of ``tag``'s child elements that take part, in document order."""
        index = self.index
        return [index[id(c)] for c in tag.contents if isinstance(c, Element) and id(c) in index]


def _plus(
    total: tuple[int, int, int, int] | None, *more: tuple[int, int, int, int] | None
) -> tuple[int, int, int, int] | None:
    """The sum of the counts given (None counts as zero; None when all are)."""
    for add in more:
        if add is not None:
            if total is None:
                total = add
            else:
                total = (
                    total[0] + add[0],
                    total[1] + add[1],
                    total[2] + add[2],
                    total[3] + add[3],
                )
    return total


def _subtree_figures(tag: Element) -> tuple[tuple[int, int, int, int] | None, bool]:
    """What ``tag`` and every element below it add to ``tag``'s parent's counts, and
    whether a heading is among them (one walk)."""
    count_of = _COUNT_OF
    total = count_of.get(tag.name)
    heading = tag.name in _HEADINGS
    for el in tag.elements():
        name = el.name
        total = _plus(total, count_of.get(name))
        heading = heading or name in _HEADINGS
    return total, heading


def _chrome_like(tag: Element) -> bool:
    """An element whose names, role or tag say it is chrome (not its ancestors)."""
    name = tag.name
    if name in ("body", "html"):
        return False
    if tag.attrs:
        names = _names(tag)
        if _chrome_name(names):
            return True
        if _role(tag) in _CHROME_ROLES:
            return True
    return name in _CHROME_ELEMENTS


def _visible_text(i: int, stats: _Stats) -> str:
    parts: list[str] = []
    stack = [i]
    order, own = stats.order, stats.own
    while stack:
        node = stack.pop()
        parts.append(own[node])
        stack.extend(reversed(stats.members(order[node])))
    return " ".join(parts)


def select_main_content(body: Element, hidden: Iterable[int] = ()) -> Selection | None:
    """The page's main content, or None when no part of it stands out (read it whole).

    ``hidden`` are ids of elements the reader drops anyway (they neither vote nor count).
    """
    return _main_content(_Stats(body, frozenset(hidden)))


def main_content_or_chrome(
    body: Element, hidden: Iterable[int] = ()
) -> tuple[Selection | None, frozenset[int]]:
    """:func:`select_main_content`, and when it finds nothing, :func:`declared_chrome`
    (empty otherwise), from one walk of the page."""
    stats = _Stats(body, frozenset(hidden))
    found = _main_content(stats)
    return found, (_declared(stats) if found is None else frozenset())


def _main_content(stats: _Stats) -> Selection | None:
    total = stats.text[0]
    if total == 0:
        return None
    # Like readability, try again without trusting chrome-like names when too little is left.
    for strict in (True, False):
        found = _select(stats, total, strict)
        if found is not None:
            return found
    return None


def declared_chrome(body: Element, hidden: Iterable[int] = ()) -> frozenset[int]:
    """Ids of what a page read whole (no part of it stood out) still loses: the blocks its
    markup declares chrome — ``nav``, ``aside``, ``form``, ``menu``, a chrome role, a
    chrome-like or widget class or id name — each holding less than :data:`NAMED_CHROME`
    characters and less than half the page's text, and not paragraphs of prose; notes and
    references stay. Nothing is scored or guessed: the page says what these are. A page
    with less than :data:`MIN_CONTENT` characters of text, or less than half as many
    outside chrome-named parts and links (its only prose in an ``aside``), loses nothing.

    Measured on trafilatura's 990 evaluation pages: F1 0.897 → 0.899 (18 leaked snippets
    fewer, one lost); readability's test pages unchanged (F1 0.942)."""
    return _declared(_Stats(body, frozenset(hidden)))


def _declared(stats: _Stats) -> frozenset[int]:
    order, size, text = stats.order, stats.size, stats.text
    if text[0] < MIN_CONTENT or stats.content(0) < MIN_CONTENT // 2:
        return frozenset()  # a short page, or one whose own words all sit in chrome or links
    half = text[0] / 2
    dropped: set[int] = set()
    i = 1
    while i < len(order):
        tag = order[i]
        if text[i] < half and _named_chrome(tag, i, stats):
            dropped.add(id(tag))
            i += size[i]
        else:
            i += 1
    return frozenset(dropped)


def _named_chrome(tag: Element, i: int, stats: _Stats) -> bool:
    """Whether the page declares ``tag`` chrome (see declared_chrome)."""
    if _chrome_markup(tag):
        return True
    names = _names(tag) if tag.attrs else ""
    if not names or _NOTES.search(names):
        return False
    named = bool(_WIDGET_NAMES.search(names)) or _chrome_name(names)
    return named and _small_and_not_prose(i, stats)


def _select(stats: _Stats, total: int, strict: bool) -> Selection | None:
    scores: dict[int, float] = {}
    order, parent_of, own, text = stats.order, stats.parent, stats.own, stats.text
    unlikely, commas, own_commas = stats.unlikely, stats.commas, stats.own_commas
    for i, tag in enumerate(order):
        name = tag.name
        if name not in _PARAGRAPHS and not (name == "div" and len(own[i].strip()) >= MIN_PARAGRAPH):
            continue
        length = text[i]
        if length < MIN_PARAGRAPH or (strict and unlikely[i]):
            continue
        score = 1.0 + (commas[i] if name != "div" else own_commas[i]) + min(length // 100, 3)
        up = parent_of[i]
        level = 0
        while up >= 0 and level < 5:
            if up not in scores:
                scores[up] = _base_score(order[up])
            scores[up] += score / (1 if level == 0 else 2 if level == 1 else level * 3)
            if up == 0:
                break
            up = parent_of[up]
            level += 1
    if not scores:
        return None
    final = {k: s * (1.0 - stats.density(k)) for k, s in scores.items()}
    top = max(final, key=lambda k: (final[k], -k))
    top = _widen(top, final, stats)
    roots = _with_siblings(top, final, stats, strict)
    if len(roots) == 1:
        roots = [_narrow(roots[0], stats)]
    kept_len = sum(text[r] for r in roots)
    if kept_len < MIN_CONTENT and total >= 2 * kept_len and not _holds_the_page(roots, stats):
        return None
    dropped: set[int] = set()
    for root in roots:
        dropped |= _chrome_inside(root, stats, final, strict)
    if len(roots) == 1:
        dropped |= _trailing(roots[0], stats)
    dropped |= _tail(roots, dropped, stats)
    return Selection(tuple(order[r] for r in roots), frozenset(dropped))


def _holds_the_page(roots: list[int], stats: _Stats) -> bool:
    """Whether ``roots`` hold :data:`SHORT_ARTICLE_SHARE` of the page's text outside chrome
    and links (see _Stats.content): a short article alone among menus is the article; a
    short lead over a table, a list or other text is not, and the page is read whole."""
    mine = sum(stats.content(r) for r in roots)
    return mine > 0 and mine >= SHORT_ARTICLE_SHARE * stats.content(0)


def _narrow(root: int, stats: _Stats) -> int:
    """``root``, or the descendant that holds its article: while one child holds
    :data:`NARROW_SHARE` of its text outside chrome and links (headings, list items and
    table cells count) and :data:`MIN_CONTENT` characters, that child — a site's wrapper
    around the article, its byline strip, menus and teasers goes. Not past a child holding
    an ``h1`` or a picture that links nowhere: the article's title, lead and lead image stand
    beside its body."""
    order, size = stats.order, stats.size
    while True:
        kids = stats.members(order[root])
        best = _holder(root, kids, NARROW_SHARE, stats)
        if best < 0 or stats.text[best] < MIN_CONTENT:
            return root
        for k in kids:
            if k == best:
                continue
            if _unlinked_picture(k, stats):
                return root
            if any(order[j].name == "h1" for j in range(k, k + size[k])):
                return root
        root = best


def _holder(root: int, kids: list[int], share: float, stats: _Stats) -> int:
    """The one of ``kids`` (element number ``root``'s children) holding ``share`` of its
    text outside chrome and links, or -1 when none does (or it has no such text)."""
    content = stats.content(root)
    if content <= 0 or not kids:
        return -1
    best = max(kids, key=stats.content)
    return best if stats.content(best) >= share * content else -1


def _trailing(root: int, stats: _Stats) -> set[int]:
    """Ids of the add-ons after a single kept container's article: while one child holds
    :data:`TRAILING_SHARE` of the container's text outside chrome and links, the children
    after it go (an author's note, "most popular", a licence line, a share strip), then the
    same inside that child — except prose (see _prose), notes and references, pictures that
    link nowhere, data tables, and the headings just above what stays. What stands before
    the article's body (its title, lead, byline) is _narrow's business, not this one's.

    Measured on both main-content sets: trafilatura's 990 pages F1 0.899 → 0.901;
    readability's test pages 0.942 → 0.943 (mean page F1 0.936 → 0.940). On an article
    kept in several parts it cost readability's recall 0.954 → 0.953 (the image credits
    under each step of a how-to), so a single container only; 80 % gave the same figures."""
    order = stats.order
    out: set[int] = set()
    while True:
        kids = stats.members(order[root])
        best = _holder(root, kids, TRAILING_SHARE, stats)
        if best < 0:
            return out
        after = kids[kids.index(best) + 1 :]
        stays = [_stays_after_the_article(k, stats) for k in after]
        for n in range(len(after) - 1, 0, -1):  # a heading over what stays stays
            if stays[n] and order[after[n - 1]].name in _HEADINGS:
                stays[n - 1] = True
        out.update(id(order[k]) for k, kept in zip(after, stays) if not kept)
        root = best


def _stays_after_the_article(i: int, stats: _Stats) -> bool:
    """Whether element number ``i``, after an article's body, is still the document's own
    (see _trailing)."""
    tag = stats.order[i]
    names = _names(tag) if tag.attrs else ""
    if (names and _NOTES.search(names)) or _prose(i, stats) or _unlinked_picture(i, stats):
        return True
    end = i + stats.size[i]
    return any(
        stats.order[j].name == "table" and _is_data_table(stats.order[j]) for j in range(i, end)
    )


def _prose(i: int, stats: _Stats) -> bool:
    """Whether element number ``i`` is prose for where an article ends: TAIL_PROSE
    characters of text or more, less than TAIL_PROSE_LINKS of it links."""
    return stats.text[i] >= TAIL_PROSE and stats.density(i) < TAIL_PROSE_LINKS


#: Elements that are blocks of their own for _tail (the rest is inline).
_BLOCKS: Final = frozenset(
    """p div section article main li ul ol dl dt dd h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr
    td th caption blockquote figure figcaption pre header footer aside form center address
    details summary""".split()
)


def _tail(roots: list[int], dropped: set[int], stats: _Stats) -> set[int]:
    """Ids of the blocks after the article's end: from the first block that is mostly links
    (``LINKED``) after the last block of prose (``TAIL_PROSE``) to the end of what is kept,
    less the headings just before it and notes and references (the document's own). Short
    lines right after the prose (a sign-off, a credit) stay; "more on this", "share", tag and
    related-article lists at the end of a kept container go. Innermost blocks only, in
    document order: a data table is one block, and so is a container with text of its own
    beside its blocks (prose written with ``<br>``, a link inside a sentence), since where its
    own text stands among its blocks is not known. Nothing goes when the tail holds as much
    text as what is kept before it: that is a page of links (a reading list), not a tail.
    Headings left at the very end go too: they head nothing ("You might also like" over a
    list a script fills in).

    Measured on both main-content sets: trafilatura's 990 pages F1 0.877 → 0.883 (P 0.822 →
    0.834), readability's test pages 0.935 → 0.938; cutting every block after the last
    prose instead cost recall on both (a recipe's last steps, a sign-off)."""
    order, text, parent, own = stats.order, stats.text, stats.parent, stats.own
    n = len(order)
    # holds a block with text below it: not an innermost block
    holds = [False] * n
    for i in range(n - 1, 0, -1):
        if holds[i] or (order[i].name in _BLOCKS and text[i] > 0):
            holds[parent[i]] = True
    blocks: list[int] = []
    notes: set[int] = set()
    # (how many blocks came before the last kept picture without text: pictures that link
    # nowhere are not blocks, but a heading over one heads it)
    pictured = 0
    stack = [(r, False) for r in reversed(roots)]
    while stack:
        i, noted = stack.pop()
        tag = order[i]
        if id(tag) in dropped:
            continue
        if text[i] == 0:
            if _unlinked_picture(i, stats):
                pictured = len(blocks)
            continue
        if not noted and tag.attrs:
            names = _names(tag)
            noted = bool(names and _NOTES.search(names))
        if not holds[i] or own[i].strip() or (tag.name == "table" and _is_data_table(tag)):
            blocks.append(i)
            if noted:
                notes.add(i)
        else:
            stack.extend((m, noted) for m in reversed(stats.members(tag)))
    cut = _linked_tail(blocks, notes, stats)
    # Headings that end what is kept head nothing: "Related articles" over a list the page
    # fills in with a script, or over the list just cut (a heading over a picture heads it).
    left = [k for k, i in enumerate(blocks) if i not in cut]
    while (
        len(left) > 1
        and order[blocks[left[-1]]].name in _HEADINGS
        and blocks[left[-1]] not in notes
        and pictured <= left[-1]
    ):
        cut.add(blocks[left.pop()])
    return {id(order[j]) for j in cut}


def _linked_tail(blocks: list[int], notes: set[int], stats: _Stats) -> set[int]:
    """Numbers of ``blocks`` (innermost, in document order) from the first mostly links
    after the last of prose to the end, less ``notes`` (see _tail)."""
    order, text = stats.order, stats.text
    last = -1
    for k, i in enumerate(blocks):
        if order[i].name == "table" or _prose(i, stats):
            last = k
    if last < 0:
        return set()
    rest = blocks[last + 1 :]
    for k, i in enumerate(rest):
        if stats.density(i) >= LINKED:
            while k > 0 and order[rest[k - 1]].name in _HEADINGS:
                k -= 1
            cut = [j for j in rest[k:] if j not in notes]
            before = sum(text[j] for j in blocks[: last + 1 + k])
            if sum(text[j] for j in cut) >= before:
                return set()
            return set(cut)
    return set()


def _widen(top: int, final: dict[int, float], stats: _Stats) -> int:
    """Climb from ``top`` to the container that holds the rest of the article: while the
    ancestors' scores stay above a third of the last one, the first that scores higher wins;
    then while the parent holds little more than it, or gathers other strong candidates (an
    article split into parts), or has no other child."""
    order, parent_of, text = stats.order, stats.parent, stats.text
    best = final[top]
    last = best
    node = parent_of[top]
    while node >= 0 and order[node].name not in ("body", "html"):
        score = final.get(node)
        if score is not None:
            if score < last / 3:
                break
            if score > last:
                top = node
                break
            last = score
        node = parent_of[node]
    node = top
    while parent_of[node] >= 0 and order[parent_of[node]].name not in ("body", "html"):
        up = parent_of[node]
        here = text[node]
        there = text[up]
        children = stats.members(order[up])
        strong = sum(1 for c in children if c != node and final.get(c, 0.0) >= 0.75 * best)
        if (
            len(children) == 1
            or (there and here / there >= 0.85)
            or (strong >= 1 and stats.density(up) < 0.3)
        ):
            node = up
        else:
            break
    return node


def _with_siblings(top: int, final: dict[int, float], stats: _Stats, strict: bool) -> list[int]:
    up = stats.parent[top]
    if up < 0:
        return [top]
    order = stats.order
    top_tag = order[_core(top, stats)]
    best = final.get(top, 0.0)
    threshold = max(10.0, 0.2 * best)
    top_class = top_tag.get("class")
    kept: list[int] = []
    siblings = stats.members(order[up])
    for sib in siblings:
        if sib == top:
            kept.append(sib)
            continue
        tag = order[sib]
        if strict and _chrome_like(tag):
            # (not even as another part of its template: a "sponsored" box of the same theme)
            continue
        score = final.get(sib, 0.0)
        core = order[_core(sib, stats)]
        if top_class and core.name == top_tag.name and core.get("class") == top_class:
            if stats.density(sib) < 0.3:
                kept.append(sib)  # another part of the article in the same template
                continue
            score += 0.2 * best
        if score >= threshold:
            kept.append(sib)
            continue
        if tag.name == "p" and not (strict and stats.unlikely[sib]):
            length = stats.text[sib]
            density = stats.density(sib)
            if length > 80 and density < 0.25:
                kept.append(sib)
            elif (
                0 < length <= 80
                and density == 0
                and re.search(r"\.( |$)", _visible_text(sib, stats))
            ):
                kept.append(sib)
    return _with_pictures_between(kept, siblings, stats)


def _core(i: int, stats: _Stats) -> int:
    """Element number ``i``, or the element it wraps: through up to three elements without
    a class, text of their own or a second child (ehow-2's steps, all of one template, each
    but the first sit in two ``<span>`` on readability's test pages)."""
    for _ in range(3):
        if stats.order[i].get("class"):
            break
        inner = stats.members(stats.order[i])
        if len(inner) != 1 or stats.own[i].strip():
            break
        i = inner[0]
    return i


def _with_pictures_between(kept: list[int], siblings: list[int], stats: _Stats) -> list[int]:
    """``kept`` (numbers of some of ``siblings``) with the siblings between two kept ones
    that are pictures: images that link nowhere, with at most a caption of few links (the
    article's own illustrations between its paragraphs — bug-1255978 on readability's test
    pages)."""
    if len(kept) < 2:
        return kept
    chosen = set(kept)
    places = [k for k, sib in enumerate(siblings) if sib in chosen]
    out: list[int] = []
    for k in range(places[0], places[-1] + 1):
        sib = siblings[k]
        if sib in chosen or _is_picture(sib, stats):
            out.append(sib)
    return out


def _unlinked_picture(i: int, stats: _Stats) -> bool:
    """Whether element number ``i`` holds an image that links nowhere."""
    counts = stats.counts[i]
    return counts is not None and counts[1] > stats.linked_images[i]


def _shows_pictures(i: int, stats: _Stats) -> bool:
    """Whether element number ``i`` holds images among few links: images that link
    nowhere, or with a caption whose text is not links (a photo linked to its full size)."""
    counts = stats.counts[i]
    return (
        counts is not None
        and counts[1] > 0
        and stats.density(i) < 0.1
        and (stats.linked_images[i] == 0 or stats.text[i] >= MIN_PARAGRAPH)
    )


def _is_picture(i: int, stats: _Stats) -> bool:
    """Whether element number ``i`` is a picture: images that link nowhere, with at most a
    caption (no paragraph, little text, few links)."""
    counts = stats.counts[i]
    return (
        _shows_pictures(i, stats)
        and counts is not None
        and counts[0] == 0
        and stats.text[i] < PROSE_CHARS
    )


def _chrome_inside(root: int, stats: _Stats, final: dict[int, float], strict: bool) -> set[int]:
    """Ids of blocks inside kept content that look like chrome (data tables are kept whole).

    A block holding :data:`ARTICLE_SHARE` of ``root``'s text or more is the article, whatever
    else it looks like, unless the page says it is chrome (see _declared_chrome): a post
    whose rating widget has 18 form fields is not a form (before, such a post went whole and
    the page fell back to being read whole, with every menu and sidebar — 17 of
    trafilatura's 990 evaluation pages), but an ``aside`` or a comments section longer than
    a short post still goes."""
    dropped: set[int] = set()
    order, size, text = stats.order, stats.size, stats.text
    article = ARTICLE_SHARE * text[root]
    # The elements below ``root`` are the numbers after it, a subtree a run of numbers.
    i = root + 1
    end = root + size[root]
    while i < end:
        tag = order[i]
        if tag.name == "table" and _is_data_table(tag):
            i += size[i]
        elif (text[i] < article or _declared_chrome(tag, strict)) and _is_chrome(
            tag, i, stats, final, strict
        ):
            dropped.add(id(tag))
            i += size[i]
        else:
            i += 1
    return dropped


def _chrome_markup(tag: Element) -> bool:
    """Whether ``tag``'s tag (``nav``, ``aside``, ``form``, ``menu``) or role says chrome."""
    return tag.name in _CHROME_TAGS or _role(tag) in _CHROME_ROLES


def _declared_chrome(tag: Element, strict: bool) -> bool:
    """Whether the page says ``tag`` is chrome: its tag or role (see _chrome_markup), or
    (when names are trusted) a chrome-like class or id name."""
    if _chrome_markup(tag):
        return True
    return strict and bool(tag.attrs) and _chrome_name(_names(tag))


def _chrome_name(names: str) -> bool:
    """Whether class and id ``names`` say chrome (an _UNLIKELY word, no _MAYBE word)."""
    return bool(names and _UNLIKELY.search(names) and not _MAYBE.search(names))


def _small_and_not_prose(i: int, stats: _Stats) -> bool:
    """Whether element number ``i`` is small enough (under :data:`NAMED_CHROME` characters)
    and not paragraphs of prose, for its name alone to make it chrome."""
    return stats.text[i] < NAMED_CHROME and not _paragraphs_of_prose(i, stats)


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


def _paragraphs_of_prose(i: int, stats: _Stats) -> bool:
    """Three paragraphs or more and few links: an article's text (with a content-like name,
    it stays even when its theme also names it "share": trafilatura's evaluation pages)."""
    counts = stats.counts[i]
    return counts is not None and counts[0] >= 3 and stats.density(i) < 0.1


def _is_chrome(tag: Element, i: int, stats: _Stats, final: dict[int, float], strict: bool) -> bool:
    name = tag.name
    if _chrome_markup(tag):
        return True
    if name in _HEADINGS and strict and tag.attrs:
        # a heading named as chrome ("Leave a reply", "Related posts") heads chrome
        return _chrome_name(_names(tag))
    names = _names(tag) if tag.attrs else ""
    if names and _NOTES.search(names):
        return False
    text = stats.text[i]
    if names and _WIDGET_NAMES.search(names) and _small_and_not_prose(i, stats):
        return True
    if name not in _CHECKED:
        return False
    if (
        strict
        and _chrome_name(names)
        and text < NAMED_CHROME
        and not (_POSITIVE.search(names) and _paragraphs_of_prose(i, stats))
    ):
        return True
    weight = _class_weight(tag)
    scored = weight + final.get(i, 0.0)
    if scored < 0 and text < 1000 and (weight < 0 or not _shows_pictures(i, stats)):
        return True
    if stats.commas[i] >= 10:
        return False
    density = stats.density(i)
    is_list = name in ("ul", "ol") or (text > 0 and stats.list_text[i] > 0.9 * text)
    in_figure = stats.in_figure[i]
    counts = stats.counts[i] or _NO_COUNTS
    # capped as the find_all(limit=…) counts they replace were
    paragraphs, images, items, inputs = (
        min(counts[0], 100),
        min(counts[1], 100),
        min(counts[2], 300),
        min(counts[3], 100),
    )
    # (a long block of prose with few links is not a widget, whatever images, list items or
    # form fields it also holds: a recipe's illustrated steps, an article with its comment
    # form — trafilatura's evaluation pages)
    prose = text >= PROSE_CHARS and density < 0.2
    # (pictures that link nowhere, in a block of few links, are the article's: a widget's
    # thumbnails link to what they show — theverge's gallery on readability's test pages)
    pictures = _shows_pictures(i, stats)
    if images > 1 and paragraphs / images < 0.5 and not in_figure and not prose and not pictures:
        return True
    if not is_list and items - 100 > paragraphs and not prose:
        return True
    if inputs > paragraphs // 3 and not prose:
        return True
    if not is_list and text < 25 and (images == 0 or images > 2) and not in_figure:
        return not stats.headings[i]
    if not is_list and weight < 25 and density > 0.2:
        return True
    return weight >= 25 and density > 0.5
