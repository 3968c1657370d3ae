"""Outlook .msg reader: MAPI properties in an OLE compound file, read with olefile
(BSD-2-Clause) and mapped as the EML reader maps a message."""

from __future__ import annotations

from dan.readers.msg.reader import read_msg

__all__ = ["read_msg"]
