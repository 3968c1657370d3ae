"""EML reader: an RFC 5322 / MIME message read with the standard library's ``email``.

The Subject is the title. From, To, Cc and Date open the body, each a field (the record's
``ssFields`` names them). The body is the HTML alternative read by the HTML reader (with
its main-content rules) or, without one, the plain text, whose quoted replies (``>``
lines, and what follows an ``-----Original Message-----`` line) become quotes. Each
attachment is a section of its own headed ``Attachment: name``, converted by the reader of
its format (found as for any input) with its headings one level down; an attached message
is read the same way (its headers and body); an attachment of another kind is listed by
name, type and size. Bounds: attachments converted per message (:data:`MAX_ATTACHMENTS`),
the depth of attached messages (:data:`MAX_MESSAGE_DEPTH`), the bytes of all attachments
together (``Limits.max_input_bytes``) and MIME nesting (``Limits.max_depth``); past a bound
an attachment is listed, not converted, and a warning says why.
"""

from __future__ import annotations

import email
import email.errors
import email.header
import email.message
import email.utils
import re
from email import policy

from dan import model as m
from dan.errors import DanError, LimitExceededError, NestingTooDeepError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.textclean import clean_text, decode_text

__all__ = ["MAX_ATTACHMENTS", "MAX_MESSAGE_DEPTH", "read_eml"]

#: Attachments converted per message (more are listed by name only).
MAX_ATTACHMENTS = 50
#: Messages attached inside messages read (deeper ones are listed by name only).
MAX_MESSAGE_DEPTH = 3
_FIELDS = ("From", "To", "Cc", "Date")
_ORIGINAL = re.compile(r"^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}\s*$", re.I | re.M)


def _header(msg: email.message.Message, name: str) -> str:
    """A header's value, RFC 2047 words decoded (undecodable words kept as written)."""
    raw = msg.get(name)
    if raw is None:
        return ""
    try:
        text = str(email.header.make_header(email.header.decode_header(str(raw))))
    except (LookupError, UnicodeError, ValueError, email.errors.HeaderParseError):
        text = str(raw)
    return clean_text(" ".join(text.split()))


def _decoded_name(raw: str) -> str:
    try:
        text = str(email.header.make_header(email.header.decode_header(raw)))
    except (LookupError, UnicodeError, ValueError, email.errors.HeaderParseError):
        text = raw
    return clean_text(text).strip()


def _date(value: str) -> str:
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return value
    return when.isoformat() if when is not None else value


def _decoded(part: email.message.Message) -> str:
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    charset = part.get_content_charset()
    if charset:
        try:
            return data.decode(charset, errors="replace")
        except LookupError:
            pass
    return decode_text(data)


def _demoted(blocks: tuple[m.Block, ...] | list[m.Block], by: int) -> list[m.Block]:
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


class _Reader:
    def __init__(self, limits: Limits, options: ReadOptions) -> None:
        self.limits = limits
        self.options = options
        self.warnings: list[m.Message] = []
        self.converted = 0
        self.attached_bytes = 0

    def message(self, msg: email.message.Message, depth: int) -> tuple[str, list[m.Block]]:
        """A message's subject and blocks: its fields, body and attachments."""
        subject = _header(msg, "Subject")
        blocks: list[m.Block] = []
        for name in _FIELDS:
            value = _header(msg, name)
            if name == "Date" and value:
                value = _date(value)
            if value:
                field = m.Field(name, (m.Text(value),))
                blocks.append(m.Paragraph((m.Text(f"{name}:", bold=True), m.Text(" "), field)))
        body: list[m.Block] = []
        attachments: list[email.message.Message] = []
        self.parts(msg, body, attachments, 0)
        blocks.extend(body)
        for part in attachments:
            blocks.extend(self.attachment(part, depth))
        return subject, blocks

    def parts(
        self,
        part: email.message.Message,
        body: list[m.Block],
        attachments: list[email.message.Message],
        nesting: int,
    ) -> None:
        """Walk a MIME tree: the first displayable body (HTML preferred within an
        alternative), every attachment."""
        if nesting > self.limits.max_depth:
            raise NestingTooDeepError(
                f"the message nests MIME parts more than Limits.max_depth={self.limits.max_depth} "
                "deep"
            )
        ctype = part.get_content_type()
        disposition = (part.get_content_disposition() or "").lower()
        if part.is_multipart() and ctype != "message/rfc822":
            subparts = [p for p in part.get_payload() if isinstance(p, email.message.Message)]
            if ctype == "multipart/alternative" and not body:
                html = [p for p in subparts if p.get_content_type() == "text/html"]
                plain = [p for p in subparts if p.get_content_type() == "text/plain"]
                other = [p for p in subparts if p not in html and p not in plain]
                for choice in (html[-1:] or []) + plain[-1:]:
                    self.text_part(choice, body)
                    if body:
                        break
                for p in other:
                    self.parts(p, body, attachments, nesting + 1)
                return
            for p in subparts:
                self.parts(p, body, attachments, nesting + 1)
            return
        if ctype.startswith("image/") and disposition != "attachment" and part.get("Content-ID"):
            return  # (a picture the HTML body shows, such as a logo: not an attachment)
        if disposition == "attachment" or part.get_filename() or ctype == "message/rfc822":
            attachments.append(part)
            return
        if ctype.startswith("multipart/"):
            # (a multipart whose boundary never occurs: its text is read as plain text)
            self.warnings.append(
                m.Message(
                    "malformed-mime",
                    f"a {ctype} part has no parts (its boundary is missing): read as plain text",
                    "input",
                )
            )
            if not body:
                self.text_part(part, body, plain=True)
            return
        if ctype in ("text/plain", "text/html") and not body:
            self.text_part(part, body)
        elif ctype.startswith("text/") and ctype not in ("text/plain", "text/html"):
            attachments.append(part)
        elif not ctype.startswith(("text/", "multipart/")):
            attachments.append(part)

    def text_part(
        self, part: email.message.Message, body: list[m.Block], plain: bool = False
    ) -> None:
        text = _decoded(part)
        if part.get_content_type() == "text/html" and not plain:
            from dan.readers.html import read_html

            body.extend(read_html(text, self.limits, self.options).body)
        else:
            body.extend(quoted_blocks(text.replace("\r\n", "\n"), self.limits))

    def attachment(self, part: email.message.Message, depth: int) -> list[m.Block]:
        from dan.detect import detect
        from dan.readers import FORMATS, reader_for

        ctype = part.get_content_type()
        name = _decoded_name(part.get_filename() or "")
        if ctype == "message/rfc822":
            inner = part.get_payload()
            msg = inner[0] if isinstance(inner, list) and inner else None
            if not isinstance(msg, email.message.Message):
                return []
            subject = _header(msg, "Subject") or "(no subject)"
            head = m.Heading(1 + depth, (m.Text(f"Attached message: {subject}"),))
            if depth + 1 > MAX_MESSAGE_DEPTH:
                self.warn(f"the attached message {subject!r} is nested too deep and was not read")
                return [head]
            _subject, blocks = self.message(msg, depth + 1)
            return [head, *blocks]
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        label = name or f"unnamed {ctype} part"
        head = m.Heading(1 + depth, (m.Text(f"Attachment: {label}"),))
        listed: list[m.Block] = [
            head,
            m.Paragraph((m.Text(f"{ctype}, {len(data):,} bytes (not converted)"),)),
        ]
        if self.converted >= MAX_ATTACHMENTS:
            self.warn(f"more than {MAX_ATTACHMENTS} attachments: {label!r} was not converted")
            return listed
        if self.attached_bytes + len(data) > self.limits.max_input_bytes:
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
        return [head, *_demoted(doc.body, depth + 1)]

    def warn(self, text: str) -> None:
        self.warnings.append(m.Message("attachment-skipped", text, "attachment"))


def read_eml(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an e-mail message (.eml) into a document: its fields, body and attachments."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogateescape")
    try:
        msg = email.message_from_bytes(data, policy=policy.compat32)
    except RecursionError as exc:
        raise NestingTooDeepError(
            "the message nests MIME parts too deeply for the parser: refusing it"
        ) from exc
    reader = _Reader(limits, options)
    try:
        subject, blocks = reader.message(msg, 0)
    except RecursionError as exc:
        raise NestingTooDeepError("the message nests MIME parts too deeply: refusing it") from exc
    return m.Document(body=tuple(blocks), title=subject, warnings=tuple(reader.warnings))
