"""XLSX/XLSM reader: SpreadsheetML (Transitional and Strict) read with lxml under the zip
limits of :class:`dan.readers.zippkg.ZipPackage`.

Each worksheet, in the workbook's order, is a section (its name the heading) holding its
used range as one table (:mod:`dan.readers.sheets.grid` detects the header row). Cells
show their cached values — a formula's last result, never the formula — formatted as the
number format says (:mod:`dan.readers.sheets.numfmt`); a formula without a cached value is
empty. Shared strings, inline strings, truth values and errors are read as Excel shows
them. Hidden sheets, rows and columns are left out unless ``ReadOptions.keep_hidden``,
which keeps them marked ``(hidden ...)``. Legacy cell comments (which Excel also writes
for threaded ones) are comments with their authors. The used range is the filled cells'
rows and columns only (the ``dimension`` a sheet claims is ignored, so an empty row or
column costs nothing), bounded by ``Limits.max_cells`` and ``Limits.max_blocks``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from lxml import etree

from dan import model as m
from dan.errors import CorruptDocumentError
from dan.limits import Limits
from dan.readers.budget import TextBudget
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.sheets.grid import GridCell, check_size, sheet_blocks
from dan.readers.sheets.numfmt import BUILTIN_FORMATS, format_number
from dan.readers.zippkg import ZipPackage
from dan.textclean import clean_text

__all__ = ["read_xlsx"]

S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_S = "{" + S_NS + "}"
_R = "{" + R_NS + "}"
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_REF = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d{1,7})$")


class _Workbook(ZipPackage):
    rewrites = (
        (b"http://purl.oclc.org/ooxml/spreadsheetml/main", S_NS.encode()),
        (b"http://purl.oclc.org/ooxml/officeDocument/relationships", R_NS.encode()),
    )


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def column_index(letters: str) -> int:
    """0-based column of ``A``..``XFD``."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def _ref(ref: str) -> tuple[int, int] | None:
    """0-based (row, column) of an ``A1`` reference, or None."""
    found = _REF.match(ref.strip())
    if found is None:
        return None
    return int(found.group(2)) - 1, column_index(found.group(1))


def _text_of(el: etree._Element) -> str:
    """A string item's text (rich text runs joined; phonetic guides left out)."""
    t = el.find(_S + "t")
    if t is not None and len(el) == 1:
        return t.text or ""
    return "".join(x.text or "" for x in el.iter(_S + "t") if x.getparent().tag != _S + "rPh")


def _main_part(pkg: _Workbook) -> str:
    for rtype, target, external in pkg.rels("").values():
        if rtype == "officeDocument" and not external and pkg.has(target):
            return target
    if pkg.has("xl/workbook.xml"):
        return "xl/workbook.xml"
    raise CorruptDocumentError(
        "the zip has no xl/workbook.xml: it is not an Excel workbook (or it is damaged)",
        part="xl/workbook.xml",
    )


class _Styles:
    """Each cell style's number format code."""

    def __init__(self, root: etree._Element | None) -> None:
        self.codes: list[str] = []
        if root is None:
            return
        custom: dict[int, str] = {}
        for nf in root.iter(_S + "numFmt"):
            try:
                custom[int(nf.get("numFmtId", ""))] = nf.get("formatCode", "")
            except ValueError:
                continue
        xfs = root.find(_S + "cellXfs")
        if xfs is None:
            return
        for xf in xfs.iterchildren(_S + "xf"):
            try:
                fid = int(xf.get("numFmtId", "0"))
            except ValueError:
                fid = 0
            self.codes.append(custom.get(fid, BUILTIN_FORMATS.get(fid, "General")))

    def code(self, style: str | None) -> str:
        if not style:
            return "General"
        try:
            return self.codes[int(style)]
        except (ValueError, IndexError):
            return "General"


class _Reader:
    def __init__(self, pkg: _Workbook, limits: Limits, options: ReadOptions) -> None:
        self.pkg = pkg
        self.limits = limits
        self.options = options
        self.count = TextBudget(limits, "the workbook's cells hold").count
        self.warnings: list[m.Message] = []
        self.shared: list[str] = []
        self.styles = _Styles(None)
        self.date1904 = False
        self.persons: dict[str, str] = {}

    def optional(self, part: str, what: str) -> etree._Element | None:
        return self.pkg.optional_xml(part, what, self.warnings)

    # ------------------------------------------------------------------ workbook

    def read(self) -> m.Document:
        main = _main_part(self.pkg)
        book = self.pkg.xml(main)
        rels = self.pkg.rels(main)
        pr = book.find(_S + "workbookPr")
        self.date1904 = pr is not None and pr.get("date1904", "0").lower() in ("1", "true")
        for rtype, target, external in rels.values():
            if external or not self.pkg.has(target):
                continue
            if rtype == "sharedStrings":
                root = self.optional(target, "shared strings")
                if root is not None:
                    self.shared = [clean_text(_text_of(si)) for si in root.iter(_S + "si")]
            elif rtype == "styles":
                self.styles = _Styles(self.optional(target, "styles"))
            elif rtype == "person":
                root = self.optional(target, "persons")
                for person in root.iter() if root is not None else ():
                    if _local(person.tag) == "person" and person.get("id"):
                        name = clean_text(person.get("displayName", "")).strip()
                        self.persons[person.get("id", "")] = name
        body: list[m.Block] = []
        sheets = book.find(_S + "sheets")
        for sheet in sheets.iterchildren(_S + "sheet") if sheets is not None else ():
            name = clean_text(sheet.get("name", "")).strip() or "Sheet"
            hidden = sheet.get("state", "visible") in ("hidden", "veryHidden")
            if hidden and not self.options.keep_hidden:
                continue
            found = rels.get(sheet.get(_R + "id", ""))
            if found is None or found[2] or found[0] != "worksheet" or not self.pkg.has(found[1]):
                continue  # a chart sheet, a dialog sheet or a missing part
            root = self.optional(found[1], f"sheet {name}")
            if root is None:
                continue
            where = f"sheet {name!r}"
            grid, hidden_columns = self.sheet(root, found[1], where)
            blocks, warnings = sheet_blocks(grid, where, hidden_columns)
            self.warnings.extend(warnings)
            if blocks:
                heading = name + (" (hidden sheet)" if hidden else "")
                body.append(m.Heading(1, (m.Text(heading),)))
                body.extend(blocks)
        return m.Document(body=tuple(body), title=self.title(), warnings=tuple(self.warnings))

    def title(self) -> str:
        for rtype, target, external in self.pkg.rels("").values():
            if rtype == "core-properties" and not external and self.pkg.has(target):
                root = self.optional(target, "document properties")
                el = root.find(_DC_TITLE) if root is not None else None
                if el is not None and el.text:
                    return clean_text(el.text).strip()
        return ""

    # ------------------------------------------------------------------ one sheet

    def comments(self, part: str, where: str) -> dict[tuple[int, int], m.CommentInfo]:
        """A sheet's cell comments by cell: threaded ones (with their replies) where the
        sheet has them, else the legacy notes."""
        out: dict[tuple[int, int], m.CommentInfo] = {}
        rels = self.pkg.rels(part).values()
        for rtype, target, external in rels:
            if rtype == "threadedComment" and not external and self.pkg.has(target):
                out.update(self.threaded(target, part, where))
        for rtype, target, external in rels:
            if rtype != "comments" or external or not self.pkg.has(target):
                continue
            root = self.optional(target, f"comments of {where}")
            if root is None:
                continue
            authors = [clean_text(a.text or "").strip() for a in root.iter(_S + "author")]
            for c in root.iter(_S + "comment"):
                at = _ref(c.get("ref", "").split(":")[0])
                if at is None:
                    continue
                try:
                    author = authors[int(c.get("authorId", ""))] or "Unknown"
                except (ValueError, IndexError):
                    author = "Unknown"
                body = c.find(_S + "text")
                text = clean_text(_text_of(body)).strip() if body is not None else ""
                if author != "Unknown" and text.startswith(author + ":"):
                    text = text[len(author) + 1 :].strip()  # (Excel repeats the author)
                self.count(text)
                out.setdefault(at, m.CommentInfo(f"{part}!{c.get('ref', '')}", author, "", text))
        return out

    def threaded(self, target: str, part: str, where: str) -> dict[tuple[int, int], m.CommentInfo]:
        """Threaded comments (Excel 365): each thread's first comment with its replies."""
        root = self.optional(target, f"threaded comments of {where}")
        if root is None:
            return {}
        firsts: dict[str, tuple[tuple[int, int], str, str, str]] = {}
        replies: dict[str, list[m.CommentInfo]] = {}
        for c in root:
            if _local(c.tag) != "threadedComment":
                continue
            body = next((t for t in c if _local(t.tag) == "text"), None)
            text = self.count(clean_text(body.text or "").strip() if body is not None else "")
            author = self.persons.get(c.get("personId", ""), "") or "Unknown"
            date, cid, parent = c.get("dT", ""), c.get("id", ""), c.get("parentId")
            if parent:
                replies.setdefault(parent, []).append(m.CommentInfo(cid, author, date, text))
                continue
            at = _ref(c.get("ref", "").split(":")[0])
            if at is not None and cid not in firsts:
                firsts[cid] = (at, author, date, text)
        return {
            at: m.CommentInfo(f"{part}!{cid}", author, date, text, tuple(replies.get(cid, ())))
            for cid, (at, author, date, text) in firsts.items()
        }

    def value(self, c: etree._Element) -> tuple[str, bool]:
        """A cell's displayed text and whether it is a value (not words)."""
        kind = c.get("t", "n")
        v = c.find(_S + "v")
        raw = v.text if v is not None and v.text is not None else None
        if kind == "inlineStr":
            el = c.find(_S + "is")
            return (clean_text(_text_of(el)) if el is not None else ""), False
        if raw is None:
            return "", False  # (a formula never calculated: its formula is not shown)
        if kind == "s":
            try:
                return self.shared[int(raw)], False
            except (ValueError, IndexError):
                return "", False
        if kind == "str":
            return clean_text(raw), False
        if kind == "b":
            return ("TRUE" if raw.strip() in ("1", "true") else "FALSE"), True
        if kind in ("e", "d"):
            return clean_text(raw), True
        try:
            number = float(raw)
        except ValueError:
            return clean_text(raw), False
        return format_number(number, self.styles.code(c.get("s")), self.date1904), True

    def sheet(
        self, root: etree._Element, part: str, where: str
    ) -> tuple[list[list[GridCell]], frozenset[int]]:
        """The sheet's used range and the indexes of its hidden columns kept in it."""
        keep = self.options.keep_hidden
        hidden_cols: list[tuple[int, int]] = []
        cols = root.find(_S + "cols")
        for col in cols.iterchildren(_S + "col") if cols is not None else ():
            if col.get("hidden", "0").lower() in ("1", "true"):
                try:
                    hidden_cols.append((int(col.get("min", "0")) - 1, int(col.get("max", "0")) - 1))
                except ValueError:
                    continue

        def col_hidden(ci: int) -> bool:
            return any(lo <= ci <= hi for lo, hi in hidden_cols)

        comments = self.comments(part, where)
        cells: dict[tuple[int, int], tuple[str, bool]] = {}
        hidden_rows: set[int] = set()
        data = root.find(_S + "sheetData")
        row_no = -1
        for row in data.iterchildren(_S + "row") if data is not None else ():
            try:
                row_no = int(row.get("r", "")) - 1
            except ValueError:
                row_no += 1
            if row.get("hidden", "0").lower() in ("1", "true"):
                hidden_rows.add(row_no)
                if not keep:
                    continue
            col_no = -1
            for c in row.iterchildren(_S + "c"):
                at = _ref(c.get("r", ""))
                col_no = at[1] if at is not None else col_no + 1
                text, is_value = self.value(c)
                if text.strip():
                    cells[(row_no, col_no)] = (self.count(text), is_value)
        for at in comments:
            cells.setdefault(at, ("", False))
        if not keep and hidden_cols:
            cells = {at: v for at, v in cells.items() if not col_hidden(at[1])}
        if not keep and hidden_rows:
            cells = {at: v for at, v in cells.items() if at[0] not in hidden_rows}
        if not cells:
            return [], frozenset()
        rows = sorted({r for r, _ in cells})
        columns = sorted({c for _, c in cells})
        check_size(len(rows), len(columns), self.limits, where)
        row_at = {r: i for i, r in enumerate(rows)}
        col_at = {c: i for i, c in enumerate(columns)}
        grid = [[GridCell() for _ in columns] for _ in rows]
        for (r, c), (text, is_value) in cells.items():
            grid[row_at[r]][col_at[c]] = GridCell(text, is_value, comments.get((r, c)))
        self.merge(root, grid, rows, columns, where)
        if keep:
            for r in hidden_rows & set(row_at):
                first = grid[row_at[r]][0]
                grid[row_at[r]][0] = _mark(first, "(hidden row)")
        marked = frozenset(col_at[c] for c in columns if keep and col_hidden(c))
        return grid, marked

    def merge(
        self,
        root: etree._Element,
        grid: list[list[GridCell]],
        rows: list[int],
        cols: list[int],
        where: str,
    ) -> None:
        """Spans of the merged ranges whose first cell is kept, counted in kept rows and
        columns; the cells they cover marked (at most ``Limits.max_cells`` marks)."""
        merges = root.find(_S + "mergeCells")
        budget = self.limits.max_cells
        for mc in merges.iterchildren(_S + "mergeCell") if merges is not None else ():
            ref = mc.get("ref", "")
            if ":" not in ref:
                continue
            a, b = (_ref(x) for x in ref.split(":", 1))
            if a is None or b is None:
                continue
            r0, r1 = bisect_left(rows, a[0]), bisect_right(rows, b[0])
            c0, c1 = bisect_left(cols, a[1]), bisect_right(cols, b[1])
            if r0 >= len(rows) or c0 >= len(cols) or rows[r0] != a[0] or cols[c0] != a[1]:
                continue  # the merge's first cell is empty or left out
            if r1 - r0 < 2 and c1 - c0 < 2:
                continue
            anchor = grid[r0][c0]
            if anchor.covered or any(
                grid[r][c].covered for r in range(r0, r1) for c in (c0, c1 - 1)
            ):
                continue  # (overlapping merges: the first one wins)
            budget -= (r1 - r0) * (c1 - c0)
            if budget < 0:
                self.warnings.append(
                    m.Message(
                        "merges-skipped",
                        f"{where}: its merged ranges cover more cells than Limits.max_cells; "
                        "the rest are read as separate cells",
                        where,
                    )
                )
                return
            grid[r0][c0] = GridCell(
                anchor.text, anchor.value, anchor.comment, rowspan=r1 - r0, colspan=c1 - c0
            )
            for r in range(r0, r1):
                for c in range(c0, c1):
                    if (r, c) != (r0, c0):
                        grid[r][c] = GridCell(covered=True, anchor=(r0, c0))


def _mark(cell: GridCell, mark: str) -> GridCell:
    if cell.covered:
        return cell
    text = f"{mark} {cell.text}"
    return GridCell(
        text.strip(), cell.value, cell.comment, rowspan=cell.rowspan, colspan=cell.colspan
    )


def read_xlsx(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an Excel workbook (.xlsx, .xlsm, .xltx; Transitional or Strict) into a document:
    one section per sheet holding its used range as a table."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    return _Reader(_Workbook(data, limits), limits, options).read()
