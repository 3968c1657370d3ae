"""Notebook views of a conversion and of an expansion: HTML and Markdown tables, a token plot.

Jupyter shows an object through its ``_repr_html_`` / ``_repr_markdown_`` methods. The
functions here build those strings, so any object can delegate to them:

* :func:`result_html` / :func:`result_markdown`: a :class:`dan.DanResult` as a table of
  chunks (seq, type, tokens, pages, section, tables, revisions, comments, start of text),
  its warnings listed under the table.
* :func:`expansion_html` / :func:`expansion_markdown`: a live :class:`ven.Expansion` as
  the table of its chunks, anchors marked, each added chunk with the reason it was
  (probably) added, inferred from the records: it completes an anchor's table, carries
  revisions or comments, shares an anchor's page or section.
* :func:`view` wraps either in an object a notebook renders.
* :func:`token_plot`: ``ssTokens`` per chunk against the limit (needs matplotlib).

Pure functions of their arguments; nothing is printed. The expansion functions use only
``ven``'s public API and the standard library.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from dan.errors import DanError, MissingDependencyError
from ven.schema import (
    COMS,
    PAGE,
    PAGE_KIND,
    PAGE_LAST,
    REVS,
    SECT,
    SEQ,
    TABLES,
    TOKENS,
    TYPE,
    split_list,
)

if TYPE_CHECKING:
    from dan.converter import DanResult
    from ven import Expansion

__all__ = [
    "ChunkRow",
    "result_rows",
    "result_html",
    "result_markdown",
    "expansion_rows",
    "expansion_html",
    "expansion_markdown",
    "view",
    "View",
    "token_plot",
    "MissingDependencyError",
]

#: Rows shown before a table is cut (the rest is summarised in one line).
MAX_ROWS = 200
_PREVIEW = 80

#: A row of a chunk table: column name → value.
ChunkRow = dict[str, Any]


# ---------------------------------------------------------------------------- shared


def _records_of(source: Any) -> list[Mapping[str, Any]]:
    """Records in ssSeq order from a ``DanResult`` or a sequence of records."""
    records = getattr(source, "records", source)
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Sequence):
        raise DanError(
            f"expected a dan.DanResult or a sequence of records, got {type(source).__name__}"
        )
    out = list(records)
    for i, rec in enumerate(out):
        if not isinstance(rec, Mapping) or not isinstance(rec.get(SEQ), int):
            raise DanError(f"record {i} is not a dan record (a mapping with an int {SEQ})")
    return sorted(out, key=lambda r: r[SEQ])


def _texts_of(source: Any, n: int) -> list[str | None]:
    chunks = getattr(source, "chunks", None)
    if isinstance(chunks, Sequence) and len(chunks) == n:
        return list(chunks)
    return [None] * n


def _body(text: str | None) -> str:
    """The chunk body without its citation header, on one line, shortened."""
    if not text:
        return ""
    head, sep, rest = text.partition("\n\n")
    body = rest if sep and head.startswith("[") else text
    flat = " ".join(body.split())
    return flat if len(flat) <= _PREVIEW else flat[: _PREVIEW - 1].rstrip() + "…"


def _pages(rec: Mapping[str, Any]) -> str:
    first, last = rec.get(PAGE), rec.get(PAGE_LAST)
    text = f"{first}" if last in (None, first) else f"{first}-{last}"
    return text + (" (est.)" if rec.get(PAGE_KIND) == "estimated" else "")


def _int(rec: Mapping[str, Any], key: str) -> int:
    value = rec.get(key, 0)
    return value if isinstance(value, int) else 0


def _tables(rec: Mapping[str, Any]) -> tuple[str, ...]:
    value = rec.get(TABLES, "")
    return split_list(value) if isinstance(value, str) else ()


def _row(rec: Mapping[str, Any], text: str | None) -> ChunkRow:
    return {
        "seq": rec.get(SEQ),
        "type": rec.get(TYPE, ""),
        "tokens": _int(rec, TOKENS),
        "pages": _pages(rec),
        "section": rec.get(SECT, ""),
        "tables": ", ".join(_tables(rec)),
        "revisions": _int(rec, REVS),
        "comments": _int(rec, COMS),
        "text": _body(text),
    }


_COLUMNS = ("seq", "type", "tokens", "pages", "section", "tables", "revisions", "comments")
_HEAD = {
    "seq": "seq",
    "type": "type",
    "tokens": "tokens",
    "pages": "pages",
    "section": "sect",
    "tables": "tables",
    "revisions": "revs",
    "comments": "coms",
    "role": "role",
    "why": "why added",
    "text": "text",
}
_STYLE = (
    "<style>.danview table{border-collapse:collapse;font-size:12px}"
    ".danview th,.danview td{border:1px solid #ccc;padding:2px 6px;"
    "text-align:left;vertical-align:top}"
    ".danview td.n{text-align:right}.danview tr.anchor td{background:#fff3c4}"
    ".danview caption{text-align:left;font-weight:bold;padding:4px 0}</style>"
)


def _cell(value: Any) -> str:
    return "" if value in (None, 0, "") else html.escape(str(value))


def _warnings_of(res: Any) -> tuple[Any, ...]:
    """A result's warnings (:class:`dan.Message`); none for a plain list of records."""
    warnings = getattr(res, "warnings", ())
    return warnings if isinstance(warnings, tuple) else ()


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _html_table(
    caption: str,
    columns: Sequence[str],
    rows: Sequence[ChunkRow],
    total: int,
    role_key: str = "",
    warnings: Sequence[Any] = (),
) -> str:
    out = [
        _STYLE,
        '<div class="danview"><table>',
        f"<caption>{html.escape(caption)}</caption><thead><tr>",
    ]
    out += [f"<th>{_HEAD[c]}</th>" for c in columns]
    out.append("</tr></thead><tbody>")
    for row in rows:
        cls = ' class="anchor"' if role_key and row.get(role_key) == "anchor" else ""
        out.append(f"<tr{cls}>")
        for c in columns:
            num = c in ("seq", "tokens", "revisions", "comments", "section")
            value = row[c] if c in ("seq", "tokens") else _cell(row[c])
            out.append(f'<td class="n">{value}</td>' if num else f"<td>{value}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    if total > len(rows):
        out.append(f"<p>… {total - len(rows)} more chunks not shown</p>")
    if warnings:
        out.append(
            f'<p class="warnings">{_count(len(warnings), "warning")}:</p><ul class="warnings">'
        )
        out += [f"<li>{html.escape(str(w))}</li>" for w in warnings]
        out.append("</ul>")
    out.append("</div>")
    return "".join(out)


def _md_escape(value: Any) -> str:
    text = "" if value in (None, 0, "") else str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(
    caption: str,
    columns: Sequence[str],
    rows: Sequence[ChunkRow],
    total: int,
    warnings: Sequence[Any] = (),
) -> str:
    lines = [f"**{_md_escape(caption)}**", ""]
    lines.append("| " + " | ".join(_HEAD[c] for c in columns) + " |")
    lines.append(
        "|"
        + "|".join(
            "---:" if c in ("seq", "tokens", "revisions", "comments") else "---" for c in columns
        )
        + "|"
    )
    for row in rows:
        cells = [str(row[c]) if c in ("seq", "tokens") else _md_escape(row[c]) for c in columns]
        lines.append("| " + " | ".join(cells) + " |")
    if total > len(rows):
        lines += ["", f"… {total - len(rows)} more chunks not shown"]
    if warnings:
        lines += ["", f"{_count(len(warnings), 'warning')}:", ""]
        lines += [f"- {_md_escape(str(w))}" for w in warnings]
    return "\n".join(lines) + "\n"


def _check_max_rows(max_rows: int) -> int:
    if isinstance(max_rows, bool) or not isinstance(max_rows, int) or max_rows < 1:
        raise DanError(f"max_rows must be an int >= 1, got {max_rows!r}")
    return max_rows


# ---------------------------------------------------------------------------- DanResult


def result_rows(res: DanResult | Sequence[Mapping[str, Any]]) -> list[ChunkRow]:
    """One row per chunk, in ssSeq order: seq, type, tokens, pages, section, tables,
    revisions, comments and the start of the text (without the citation header)."""
    records = _records_of(res)
    texts = _texts_of(res, len(records))
    return [_row(rec, texts[i]) for i, rec in enumerate(records)]


def _result_caption(
    res: Any, records: Sequence[Mapping[str, Any]], rows: Sequence[ChunkRow]
) -> str:
    first = records[0] if records else {}
    title = getattr(res, "doc_title", None) or first.get("ssTitle", "")
    doc_id = getattr(res, "doc_id", None) or first.get("ssDocId", "")
    total = sum(r["tokens"] for r in rows)
    head = f"{title} [{doc_id}]: " if doc_id else ""
    return f"{head}{len(rows)} chunks, {total} tokens"


def result_html(res: DanResult | Sequence[Mapping[str, Any]], max_rows: int = MAX_ROWS) -> str:
    """An HTML table of a conversion's chunks, for ``DanResult._repr_html_``; the result's
    warnings (``DanResult.warnings``) are listed under it."""
    rows = result_rows(res)
    shown = rows[: _check_max_rows(max_rows)]
    caption = _result_caption(res, _records_of(res), rows)
    return _html_table(caption, (*_COLUMNS, "text"), shown, len(rows), warnings=_warnings_of(res))


def result_markdown(res: DanResult | Sequence[Mapping[str, Any]], max_rows: int = MAX_ROWS) -> str:
    """A Markdown table of a conversion's chunks, for ``DanResult._repr_markdown_``; the
    result's warnings (``DanResult.warnings``) are listed under it."""
    rows = result_rows(res)
    shown = rows[: _check_max_rows(max_rows)]
    caption = _result_caption(res, _records_of(res), rows)
    return _md_table(caption, (*_COLUMNS, "text"), shown, len(rows), _warnings_of(res))


# ---------------------------------------------------------------------------- Expansion


def _pages_of(rec: Mapping[str, Any]) -> range:
    first, last = _int(rec, PAGE), _int(rec, PAGE_LAST)
    return range(first, max(first, last) + 1)


def _why(
    rec: Mapping[str, Any],
    anchor_recs: Sequence[Mapping[str, Any]],
    set_recs: Sequence[Mapping[str, Any]],
) -> str:
    """Why a chunk not among the anchors is in the expanded set (inferred from records)."""
    reasons: list[str] = []
    kind = rec.get(TYPE)
    tables = set(_tables(rec))
    if tables:
        of_anchor = sorted(
            tables & {t for a in anchor_recs if a.get(TYPE) == kind for t in _tables(a)}, key=_num
        )
        of_set = sorted(
            tables
            & {t for o in set_recs if o is not rec and o.get(TYPE) == kind for t in _tables(o)},
            key=_num,
        )
        if of_anchor:
            reasons.append(f"completes table {', '.join(of_anchor)}")
        elif of_set:
            reasons.append(f"completes table {', '.join(of_set)}")
        else:
            reasons.append(f"table {', '.join(sorted(tables, key=_num))}")
    if _int(rec, REVS):
        reasons.append("revisions")
    if _int(rec, COMS):
        reasons.append("comments")
    pages = set(_pages_of(rec))
    shared = sorted(pages & {p for a in anchor_recs for p in _pages_of(a)})
    if shared:
        reasons.append(f"same page as an anchor ({', '.join(map(str, shared))})")
    elif rec.get(SECT) in {a.get(SECT) for a in anchor_recs}:
        reasons.append(f"section {rec.get(SECT)}, page {_pages(rec)}")
    if not reasons:
        reasons.append(f"page context ({_pages(rec)})")
    return "; ".join(reasons)


def _num(value: str) -> tuple[int, str]:
    return (int(value), value) if value.isdigit() else (1 << 30, value)


def expansion_rows(
    exp: Expansion, source: DanResult | Sequence[Mapping[str, Any]]
) -> list[ChunkRow]:
    """One row per chunk of the expanded set, in document order, with ``role``
    (``anchor`` or ``added``) and ``why`` (for added chunks).

    ``exp`` must not have ended yet (its sets are read); ``source`` is the document's
    ``DanResult`` (rows then show the text) or its complete record set.
    """
    records = _records_of(source)
    texts = _texts_of(source, len(records))
    by_seq = {rec[SEQ]: (rec, texts[i]) for i, rec in enumerate(records)}
    seqs = exp.seqs
    missing = [s for s in seqs if s not in by_seq]
    if missing:
        raise DanError(
            f"the records do not hold chunks {missing[:5]} of this expansion: "
            "pass the same document's records"
        )
    anchors = set(exp.anchors)
    anchor_recs = [by_seq[s][0] for s in seqs if s in anchors]
    set_recs = [by_seq[s][0] for s in seqs]
    rows: list[ChunkRow] = []
    for s in seqs:
        rec, text = by_seq[s]
        row = _row(rec, text)
        row["role"] = "anchor" if s in anchors else "added"
        row["why"] = "" if s in anchors else _why(rec, anchor_recs, set_recs)
        rows.append(row)
    return rows


def _expansion_caption(exp: Expansion, rows: Sequence[ChunkRow]) -> str:
    n_anchor = sum(1 for r in rows if r["role"] == "anchor")
    n_added = len(rows) - n_anchor
    return (
        f"{n_anchor} anchor{'' if n_anchor == 1 else 's'} + "
        f"{n_added} added chunk{'' if n_added == 1 else 's'}: "
        f"{exp.tokens} tokens ({exp.enrichment_tokens} enrichment)"
    )


_EXP_COLUMNS = (
    "seq",
    "role",
    "why",
    "type",
    "tokens",
    "pages",
    "section",
    "tables",
    "revisions",
    "comments",
    "text",
)


def expansion_html(
    exp: Expansion, source: DanResult | Sequence[Mapping[str, Any]], max_rows: int = MAX_ROWS
) -> str:
    """An HTML table of an expansion: anchors highlighted, added chunks with the reason."""
    rows = expansion_rows(exp, source)
    shown = rows[: _check_max_rows(max_rows)]
    return _html_table(
        _expansion_caption(exp, rows), _EXP_COLUMNS, shown, len(rows), role_key="role"
    )


def expansion_markdown(
    exp: Expansion, source: DanResult | Sequence[Mapping[str, Any]], max_rows: int = MAX_ROWS
) -> str:
    """A Markdown table of an expansion: role, reason and the chunk's structure flags."""
    rows = expansion_rows(exp, source)
    shown = rows[: _check_max_rows(max_rows)]
    return _md_table(_expansion_caption(exp, rows), _EXP_COLUMNS, shown, len(rows))


# ---------------------------------------------------------------------------- view


@frozen(slots=True)
class View:
    """A rendered snapshot that Jupyter displays (``_repr_html_``, ``_repr_markdown_``)."""

    html: str
    markdown: str

    def _repr_html_(self) -> str:
        return self.html

    def _repr_markdown_(self) -> str:
        return self.markdown

    def __str__(self) -> str:
        return self.markdown


def view(
    obj: Any,
    source: DanResult | Sequence[Mapping[str, Any]] | None = None,
    max_rows: int = MAX_ROWS,
) -> View:
    """A notebook view of a ``DanResult`` (``view(res)``) or of a live ``Expansion``
    (``view(exp, res)``; ``source`` = the document's ``DanResult`` or records)."""
    from ven import Expansion

    if isinstance(obj, Expansion):
        if source is None:
            raise DanError(
                "view(exp) needs the expansion's document: "
                "view(exp, res) with its DanResult or records"
            )
        return View(
            expansion_html(obj, source, max_rows), expansion_markdown(obj, source, max_rows)
        )
    return View(result_html(obj, max_rows), result_markdown(obj, max_rows))


# ---------------------------------------------------------------------------- plot


def token_plot(
    res: DanResult | Sequence[Mapping[str, Any]],
    max_tokens: int | None = None,
    ax: Any = None,
) -> Any:
    """Bar chart of each chunk's tokens (coloured by chunk type), with the limit and the mean.

    Returns the matplotlib ``Axes``. ``max_tokens`` draws the limit line (a ``DanResult``
    does not remember it). Raises :class:`MissingDependencyError` when matplotlib is not
    installed.
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise MissingDependencyError(
            "token_plot needs matplotlib: pip install matplotlib (it is not a dependency of dan)"
        ) from exc
    records = _records_of(res)
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 3))
    colors = {"body": "#4c72b0", "header": "#dd8452", "footer": "#55a868", "footnote": "#c44e52"}
    seqs = [rec[SEQ] for rec in records]
    tokens = [_int(rec, TOKENS) for rec in records]
    ax.bar(
        seqs,
        tokens,
        color=[colors.get(str(rec.get(TYPE)), "#8172b3") for rec in records],
        width=0.9,
    )
    if max_tokens is not None:
        ax.axhline(
            max_tokens, color="black", linestyle="--", linewidth=1, label=f"max_tokens {max_tokens}"
        )
    if tokens:
        mean = sum(tokens) / len(tokens)
        ax.axhline(mean, color="grey", linestyle=":", linewidth=1, label=f"mean {mean:.0f}")
    ax.set_xlabel("ssSeq")
    ax.set_ylabel("tokens")
    ax.set_title(f"{len(records)} chunks, {sum(tokens)} tokens")
    if max_tokens is not None or tokens:
        ax.legend(loc="upper right", fontsize="small")
    return ax
