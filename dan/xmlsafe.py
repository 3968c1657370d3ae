"""The one safe XML parser configuration every XML read in dan uses.

No entity resolution, no DTD loading or validation, no network access, no huge-tree
mode (libxml2 then caps depth and text node sizes), comments and processing
instructions dropped. Documents that declare a DTD are refused outright, by a quick look
at the first bytes and, after parsing, by the parsed tree's DOCTYPE (so no encoding or
padding can hide one): OOXML never uses a DTD, and a DOCTYPE is how entity attacks start.
"""

from __future__ import annotations

import threading

from lxml import etree

from dan.errors import CorruptDocumentError, NestingTooDeepError

__all__ = ["parse_xml"]

_local = threading.local()


def _parser() -> etree.XMLParser:
    parser = getattr(_local, "parser", None)
    if parser is None:
        parser = etree.XMLParser(
            resolve_entities=False,
            no_network=True,
            load_dtd=False,
            dtd_validation=False,
            huge_tree=False,
            remove_comments=True,
            remove_pis=True,
        )
        _local.parser = parser
    return parser


def parse_xml(data: bytes, part: str) -> etree._Element:
    """Parse ``data`` (the bytes of ``part``) safely; errors name the part."""
    head = data[:2048].lower()
    if b"<!doctype" in head or b"<!entity" in head:
        raise CorruptDocumentError(
            f"{part} declares a DTD or entities, which OOXML never does: refusing to read it",
            part=part,
        )
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        msg = str(exc)
        if "depth" in msg.lower() or "nested" in msg.lower():
            raise NestingTooDeepError(f"{part} nests XML elements too deeply: {msg}") from exc
        raise CorruptDocumentError(
            f"{part} is not well-formed XML ({msg}); the file is damaged", part=part
        ) from exc
    if root is None:
        raise CorruptDocumentError(f"{part} is empty", part=part)
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or info.externalDTD is not None:
        # after decoding, wherever the DOCTYPE sat (UTF-16, or behind padding and comments)
        raise CorruptDocumentError(
            f"{part} declares a DTD or entities, which OOXML never does: refusing to read it",
            part=part,
        )
    return root
