"""HTML reader (interim: text paragraphs only; the structure-aware reader replaces it)."""

from __future__ import annotations

from collections.abc import Mapping

from bs4 import BeautifulSoup

from dan import model as m
from dan.limits import Limits
from dan.textclean import clean_text

__all__ = ["read_html", "html_blocks", "revision_from_attrs"]


def revision_from_attrs(kind: str, attrs: Mapping[str, str], children: tuple[m.Inline, ...]) -> m.Revision:
    """A revision from an ``<ins>``/``<del>`` element's attributes.

    The author comes from ``data-author``, ``data-username``, ``title`` or ``cite``; the date
    from ``datetime`` or ``data-date``.
    """
    author = ""
    for key in ("data-author", "data-username", "data-user", "author", "title", "cite"):
        value = attrs.get(key, "").strip()
        if value:
            author = value
            break
    date = attrs.get("datetime", "") or attrs.get("data-date", "") or attrs.get("data-time", "")
    return m.Revision(
        kind="ins" if kind == "ins" else "del",
        children=children,
        author=clean_text(author) or "Unknown",
        date=clean_text(date.strip()),
        rev_id=attrs.get("id", "") or attrs.get("data-id", ""),
    )


def html_blocks(fragment: str, limits: Limits) -> tuple[m.Block, ...]:
    """Blocks of an HTML fragment."""
    soup = BeautifulSoup(fragment, "lxml")
    for tag in soup(["script", "style", "noscript", "template"]):
        tag.decompose()
    text = clean_text(soup.get_text("\n"))
    return tuple(m.Paragraph((m.Text(line.strip()),)) for line in text.split("\n") if line.strip())


def read_html(text: str, limits: Limits) -> m.Document:
    """Read an HTML document."""
    soup = BeautifulSoup(text, "lxml")
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    return m.Document(body=html_blocks(text, limits), title=clean_text(title))
