"""What every mail reader shares (EML here, Outlook MSG in ``dan.readers.msg``): the
fields that open a message, the quoted replies of a plain-text body, and the conversion of
attachments with their bounds and warnings."""

from __future__ import annotations

import email.utils
import re

from dan import model as m
from dan.errors import DanError, LimitExceededError, NestingTooDeepError
from dan.limits import Limits
from dan.readers.options import ReadOptions

__all__ = [
    "FIELDS",
    "MAX_ATTACHMENTS",
    "MAX_MESSAGE_DEPTH",
    "MailReader",
    "demoted",
    "field_blocks",
    "iso_date",
    "quoted_blocks",
]

#: Attachments converted per message (more are listed by name only).
MAX_ATTACHMENTS = 50
#: Messages attached inside messages read (deeper ones are listed by name only).
MAX_MESSAGE_DEPTH = 3
#: The header fields that open a message, in this order.
FIELDS = ("From", "To", "Cc", "Date")
_ORIGINAL = re.compile(r"^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}\s*$", re.I | re.M)


def field_blocks(fields: list[tuple[str, str]]) -> list[m.Block]:
    """One paragraph per non-empty field, ``**Name:** value``, the value a field."""
    out: list[m.Block] = []
    for name, value in fields:
        if value:
            field = m.Field(name, (m.Text(value),))
            out.append(m.Paragraph((m.Text(f"{name}:", bold=True), m.Text(" "), field)))
    return out


def iso_date(value: str) -> str:
    """An RFC 5322 date written ISO 8601 with its offset (as written when it does not parse)."""
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return value
    return when.isoformat() if when is not None else value


def demoted(blocks: tuple[m.Block, ...] | list[m.Block], by: int) -> list[m.Block]:
    """Blocks with their headings ``by`` levels down and page and section breaks dropped (an
    attachment's pages are not the message's)."""
    out: list[m.Block] = []
    for b in blocks:
        if isinstance(b, (m.PageBreak, m.SectionBreak)):
            continue
        if isinstance(b, m.Heading):
            b = m.Heading(min(b.level + by, 6), b.inlines, anchors=b.anchors, links=b.links)
        out.append(b)
    return out


def quoted_blocks(text: str, limits: Limits, depth: int = 0) -> list[m.Block]:
    """Plain-text mail as blocks: ``>`` lines (nested) and what follows an "Original
    Message" line become quotes; the rest is read as plain text."""
    from dan.readers.text import read_text

    if depth > limits.max_depth:
        raise NestingTooDeepError(
            f"the message quotes more than Limits.max_depth={limits.max_depth} levels deep"
        )
    found = _ORIGINAL.search(text)
    tail: list[m.Block] = []
    if found is not None:
        rest = text[found.end() :]
        text = text[: found.start()]
        tail = [m.Quote(tuple(quoted_blocks(rest, limits, depth + 1)))]
    out: list[m.Block] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        j = i
        quoted = lines[i].lstrip().startswith(">")
        while j < len(lines) and lines[j].lstrip().startswith(">") == quoted:
            j += 1
        chunk = lines[i:j]
        if quoted:
            inner = "\n".join(re.sub(r"^\s*> ?", "", line, count=1) for line in chunk)
            blocks = quoted_blocks(inner, limits, depth + 1)
            if blocks:
                out.append(m.Quote(tuple(blocks)))
        elif "\n".join(chunk).strip():
            out.extend(read_text("\n".join(chunk), limits).body)
        i = j
    return out + tail


class MailReader:
    """A message reader's state: its warnings and the attachments converted so far (their
    count and bytes, bounded across the whole message and the messages attached to it)."""

    def __init__(self, limits: Limits, options: ReadOptions) -> None:
        self.limits = limits
        self.options = options
        self.warnings: list[m.Message] = []
        self.converted = 0
        self.attached_bytes = 0

    def attached_message_head(self, subject: str, depth: int) -> tuple[m.Heading, bool]:
        """The heading of an attached message and whether it may be read (a message nested
        deeper than :data:`MAX_MESSAGE_DEPTH` is listed, with a warning)."""
        head = m.Heading(min(1 + depth, 6), (m.Text(f"Attached message: {subject}"),))
        if depth + 1 > MAX_MESSAGE_DEPTH:
            self.warn(f"the attached message {subject!r} is nested too deep and was not read")
            return head, False
        return head, True

    def attachment_blocks(
        self, data: bytes, name: str, ctype: str, depth: int, size: int | None = None
    ) -> list[m.Block]:
        """An attachment as a section headed ``Attachment: name``: converted by the reader
        of its format (detected as any input), or listed by type and size when it is a
        picture or sound, of no format dan reads, or past a bound (with a warning).
        ``size`` is the attachment's size when ``data`` was not read (it was too large)."""
        from dan.detect import detect
        from dan.readers import FORMATS, reader_for

        label = name or f"unnamed {ctype} part"
        head = m.Heading(min(1 + depth, 6), (m.Text(f"Attachment: {label}"),))
        listed: list[m.Block] = [
            head,
            m.Paragraph((m.Text(f"{ctype}, {size or len(data):,} bytes (not converted)"),)),
        ]
        if self.converted >= MAX_ATTACHMENTS:
            self.warn(f"more than {MAX_ATTACHMENTS} attachments: {label!r} was not converted")
            return listed
        if self.attached_bytes + (size or len(data)) > self.limits.max_input_bytes:
            self.warn(
                f"the attachments exceed Limits.max_input_bytes={self.limits.max_input_bytes:,} "
                f"together: {label!r} was not converted"
            )
            return listed
        if ctype.startswith(("image/", "audio/", "video/")) or not data:
            return listed
        try:
            kind = detect(data, filename=name or None)
        except DanError:
            return listed
        if kind not in FORMATS or (kind == "text" and not ctype.startswith("text/") and not name):
            return listed
        self.converted += 1
        self.attached_bytes += len(data)
        try:
            doc = reader_for(kind)(data, self.limits, self.options)
        except LimitExceededError:
            raise
        except DanError as exc:
            self.warn(f"the attachment {label!r} could not be read: {exc}")
            return listed
        self.warnings.extend(doc.warnings)
        return [head, *demoted(doc.body, depth + 1)]

    def warn(self, text: str) -> None:
        self.warnings.append(m.Message("attachment-skipped", text, "attachment"))
