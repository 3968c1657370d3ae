"""EML reader: an RFC 5322 / MIME message read with the standard library's ``email``.

The Subject is the title. From, To, Cc and Date open the body, each a field (the record's
``ssFields`` names them). The body is the HTML alternative read by the HTML reader (with
its main-content rules) or, without one, the plain text, whose quoted replies (``>``
lines, and what follows an ``-----Original Message-----`` line) become quotes; every
inline text part is kept in order (one of each alternative), a delivery report's status as
``Name: value`` lines. Each
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
from email import policy

from dan import model as m
from dan.errors import NestingTooDeepError
from dan.limits import Limits
from dan.readers.eml.mail import (
    FIELDS,
    MAX_ATTACHMENTS,
    MAX_MESSAGE_DEPTH,
    MailReader,
    field_blocks,
    iso_date,
    quoted_blocks,
)
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.textclean import clean_text, decode_text

__all__ = ["MAX_ATTACHMENTS", "MAX_MESSAGE_DEPTH", "read_eml"]


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


class _Reader(MailReader):
    def message(self, msg: email.message.Message, depth: int) -> tuple[str, list[m.Block]]:
        """A message's subject and blocks: its fields, body and attachments."""
        subject = _header(msg, "Subject")
        fields = [(name, _header(msg, name)) for name in FIELDS]
        blocks = field_blocks([(n, iso_date(v) if n == "Date" and v else v) for n, v in fields])
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
        if ctype == "message/delivery-status" and part.is_multipart():
            self.status_part(part, body)
            return
        if part.is_multipart() and ctype != "message/rfc822":
            subparts = [p for p in part.get_payload() if isinstance(p, email.message.Message)]
            if ctype == "multipart/alternative":
                html = [p for p in subparts if p.get_content_type() == "text/html"]
                plain = [p for p in subparts if p.get_content_type() == "text/plain"]
                other = [p for p in subparts if p not in html and p not in plain]
                for choice in (html[-1:] or []) + plain[-1:]:
                    before = len(body)
                    self.text_part(choice, body)
                    if len(body) > before:
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
        if ctype in ("text/plain", "text/html"):
            self.text_part(part, body)  # (every inline text part, in order: a list's footer too)
        elif ctype.startswith("text/") and ctype not in ("text/plain", "text/html"):
            attachments.append(part)
        elif not ctype.startswith(("text/", "multipart/")):
            attachments.append(part)

    def status_part(self, part: email.message.Message, body: list[m.Block]) -> None:
        """A delivery report's status (``message/delivery-status``): its header blocks as
        lines of ``Name: value``."""
        from dan.readers.text import read_text

        for block in part.get_payload():
            if isinstance(block, email.message.Message):
                lines = [f"{k}: {' '.join(str(v).split())}" for k, v in block.items()]
                if lines:
                    body.extend(read_text("\n".join(lines), self.limits).body)

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
        ctype = part.get_content_type()
        if ctype == "message/rfc822":
            inner = part.get_payload()
            msg = inner[0] if isinstance(inner, list) and inner else None
            if not isinstance(msg, email.message.Message):
                return []
            subject = _header(msg, "Subject") or "(no subject)"
            head, readable = self.attached_message_head(subject, depth)
            if not readable:
                return [head]
            _subject, blocks = self.message(msg, depth + 1)
            return [head, *blocks]
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        return self.attachment_blocks(data, _decoded_name(part.get_filename() or ""), ctype, depth)


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
