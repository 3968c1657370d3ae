"""The parsed page: libxml2's HTML tree (through lxml) as small Python nodes.

The reader needs a tree it can walk without recursion, with parents, attributes and the
text between elements in order — what BeautifulSoup gives, without its cost: bs4 builds
its tree from the same libxml2 parse, one Python callback per tag and per string, about
25× slower than the parse itself. Here lxml parses, and one loop copies the elements into
:class:`Element` nodes whose ``contents`` are the child elements and the text strings in
document order, a string of nothing but spaces outside ``pre`` and ``textarea`` written as
one space or one line break. Comments, processing instructions and the doctype are left
out (the reader never reads them); the attributes that HTML defines as space-separated lists
(``class``, ``rel``, …) are lists, as bs4 has them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from lxml import etree

__all__ = ["Element", "parse_html"]

#: Attributes whose value is a whitespace-separated list, per element ("*": any).
_LIST_ATTRIBUTES: Final = {
    "*": frozenset({"class", "accesskey", "dropzone"}),
    "a": frozenset({"rel", "rev"}),
    "link": frozenset({"rel", "rev"}),
    "td": frozenset({"headers"}),
    "th": frozenset({"headers"}),
    "form": frozenset({"accept-charset"}),
    "object": frozenset({"archive"}),
    "area": frozenset({"rel"}),
    "icon": frozenset({"sizes"}),
    "iframe": frozenset({"sandbox"}),
    "output": frozenset({"for"}),
}
_ANY: Final = _LIST_ATTRIBUTES["*"]
#: Elements inside which a run of spaces between elements is kept as it is.
_PRESERVING: Final = frozenset({"pre", "textarea"})
_ASCII_SPACES: Final = " \n\t\f\r"
_WORDS: Final = re.compile(r"\S+")


class Element:
    """One element: ``name`` (lower case), ``attrs`` and ``contents`` (child elements and
    text strings, in order).

    No link to the parent: a tree with links both ways is a reference cycle per element,
    which only the cyclic collector frees (and its next pass walks all of it); walks that
    need the ancestors keep their own path.
    """

    __slots__ = ("name", "attrs", "contents")

    def __init__(self, name: str, attrs: dict[str, str | list[str]]) -> None:
        self.name = name
        self.attrs = attrs
        self.contents: list[Element | str] = []

    def __repr__(self) -> str:
        return f"<{self.name} {len(self.contents)} children>"

    def get(self, key: str, default: str | list[str] | None = None) -> str | list[str] | None:
        """The attribute ``key``, or ``default``."""
        return self.attrs.get(key, default)

    @property
    def descendants(self) -> Iterator[Element | str]:
        """Every element and string below this one, in document order."""
        # A stack of iterators over the open elements' contents: the innermost one is read
        # by a for loop until an element with contents is met, whose iterator goes on top.
        stack: list[Iterator[Element | str]] = [iter(self.contents)]
        while stack:
            for node in stack[-1]:
                yield node
                if isinstance(node, Element) and node.contents:
                    stack.append(iter(node.contents))
                    break
            else:
                stack.pop()

    def elements(self) -> Iterator[Element]:
        """Every element below this one, in document order."""
        # (as :attr:`descendants`, yielding only the elements: a page's strings outnumber
        # its elements, and a generator over a generator costs twice)
        stack: list[Iterator[Element | str]] = [iter(self.contents)]
        while stack:
            for node in stack[-1]:
                if isinstance(node, Element):
                    yield node
                    if node.contents:
                        stack.append(iter(node.contents))
                        break
            else:
                stack.pop()

    def find_all(
        self,
        names: str | Iterable[str] | None = None,
        *,
        limit: int | None = None,
        with_attr: str | None = None,
        recursive: bool = True,
    ) -> list[Element]:
        """The elements below this one (only its children when not ``recursive``) named
        ``names`` (any when None) that have the attribute ``with_attr`` (when given), in
        document order, at most ``limit``."""
        wanted = {names} if isinstance(names, str) else set(names) if names is not None else None
        out: list[Element] = []
        pool = (
            self.elements() if recursive else (c for c in self.contents if isinstance(c, Element))
        )
        for el in pool:
            if (wanted is None or el.name in wanted) and (
                with_attr is None or with_attr in el.attrs
            ):
                out.append(el)
                if limit is not None and len(out) >= limit:
                    break
        return out

    def find(self, names: str | Iterable[str]) -> Element | None:
        """The first element below this one named ``names`` (one name or several), or None."""
        found = self.find_all(names, limit=1)
        return found[0] if found else None

    def with_ancestors(self) -> Iterator[tuple[Element, list[Element]]]:
        """Every element below this one, in document order, with the elements from this
        one down to its parent (the same list each time, changed as the walk goes on:
        copy it to keep it)."""
        path: list[Element] = [self]
        stack: list[Iterator[Element | str]] = [iter(self.contents)]
        while stack:
            for node in stack[-1]:
                if isinstance(node, Element):
                    yield node, path
                    if node.contents:
                        path.append(node)
                        stack.append(iter(node.contents))
                        break
            else:
                stack.pop()
                path.pop()

    def get_text(self, separator: str = "") -> str:
        """The text of every string below this one, joined by ``separator``."""
        return separator.join(n for n in self.descendants if isinstance(n, str))


def _attrs(name: str, attrib: Mapping[str, str]) -> dict[str, str | list[str]]:
    out: dict[str, str | list[str]] = {}
    lists = _LIST_ATTRIBUTES.get(name)
    for key, value in attrib.items():
        if key in _ANY or (lists is not None and key in lists):
            out[key] = _WORDS.findall(value)
        else:
            out[key] = value
    return out


#: What a closed builder points at instead of the tree it built.
_CLOSED: Final = Element("[closed]", {})


class _Builder:
    """lxml's parser target: builds the :class:`Element` tree from the parse events.

    Events, not lxml's own tree: libxml2 stops building a tree 255 elements deep and
    drops what is below, while its events go on.
    """

    def __init__(self) -> None:
        self.doc = Element("[document]", {})
        self.node = self.doc
        #: the open elements above ``node``, the document first
        self.open: list[Element] = []
        self.pending: list[str] = []
        self.preserving = 0  # open pre and textarea elements

    def _flush(self) -> None:
        text = "".join(self.pending)
        self.pending.clear()
        if not self.preserving and not text.strip(_ASCII_SPACES):
            # Between elements, a run of spaces is one space or one line break.
            text = "\n" if "\n" in text else " "
        self.node.contents.append(text)

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        if self.pending:
            self._flush()
        name = tag.lower()
        kid = Element(name, _attrs(name, attrib) if attrib else {})
        self.node.contents.append(kid)
        self.open.append(self.node)
        self.node = kid
        if name in _PRESERVING:
            self.preserving += 1

    def end(self, tag: str) -> None:
        if self.pending:
            self._flush()
        if self.node.name in _PRESERVING:
            self.preserving -= 1
        if self.open:
            self.node = self.open.pop()

    def data(self, text: str) -> None:
        self.pending.append(text)

    def _boundary(self, *args: object) -> None:
        """A comment, processing instruction or doctype is left out, but the text either
        side of it stays two strings."""
        if self.pending:
            self._flush()

    def comment(self, *args: object) -> None:
        self._boundary()

    def pi(self, *args: object) -> None:
        self._boundary()

    def doctype(self, *args: object) -> None:
        self._boundary()

    def close(self) -> Element:
        if self.pending:
            self._flush()
        doc = self.doc
        # (lxml's parser and its context refer to each other and keep this target alive
        # until the cyclic collector's next pass: it must not keep the tree alive too)
        self.doc = self.node = _CLOSED
        self.open.clear()
        return doc


def parse_html(text: str) -> Element:
    """The document root (named ``[document]``) of ``text`` parsed as HTML, the ``html``
    element its only child (no child for a page with no element at all)."""
    builder = _Builder()
    parser = etree.HTMLParser(recover=True, target=builder)
    parser.feed(text)
    root: Element = parser.close()
    return root
