"""EML reader: RFC 5322 / MIME messages read with the standard library's ``email`` package.

Outlook ``.msg`` files are not read: the Python readers of that format (extract-msg) are
GPL-licensed, which the default install does not take; detection names them and says to
save the message as ``.eml``.
"""

from __future__ import annotations

from dan.readers.eml.reader import read_eml

__all__ = ["read_eml"]
