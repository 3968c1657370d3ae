"""EML reader: RFC 5322 / MIME messages read with the standard library's ``email`` package.

What every mail reader shares is in :mod:`dan.readers.eml.mail`; Outlook ``.msg`` files are
read by :mod:`dan.readers.msg` with it.
"""

from __future__ import annotations

from dan.readers.eml.reader import read_eml

__all__ = ["read_eml"]
