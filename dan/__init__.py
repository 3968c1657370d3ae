"""dan: documents to token-bounded, structure-aware Markdown chunks with flat metadata.

>>> import dan
>>> res = dan.convert_string("# Fees\\n\\nPay within 30 days.", doc_type="markdown")
>>> res.chunks[0]
'[doc_title: Fees | section_path: Fees | page_range: 1 (est.)]\\n\\n# Fees\\n\\nPay within 30 days.'
"""

from __future__ import annotations

import logging

from dan.batch import ConversionPool, convert_many
from dan.converter import Dan, DanResult, convert, convert_string
from dan.errors import (
    CorruptDocumentError,
    DanError,
    DocumentNotFoundError,
    EncryptedDocumentError,
    InputTooLargeError,
    LimitExceededError,
    NestingTooDeepError,
    TextTooLargeError,
    TooManyChunksError,
    UnsupportedFormatError,
    ZipBombError,
)
from dan.fields import ChunkField
from dan.limits import Limits
from dan.model import Message, WarningCode
from dan.names import Names
from dan.options import ConvertOptions
from dan.pipeline.render import SPANNED as SPANNED_CELL
from dan.system_message import system_message
from dan.tokenizer import count_tokens

__version__ = "0.1.0"

__all__ = [
    "convert",
    "convert_string",
    "convert_many",
    "ConversionPool",
    "ConvertOptions",
    "Dan",
    "DanResult",
    "Message",
    "WarningCode",
    "Names",
    "ChunkField",
    "Limits",
    "count_tokens",
    "SPANNED_CELL",
    "system_message",
    "DanError",
    "UnsupportedFormatError",
    "CorruptDocumentError",
    "EncryptedDocumentError",
    "LimitExceededError",
    "InputTooLargeError",
    "ZipBombError",
    "TooManyChunksError",
    "NestingTooDeepError",
    "TextTooLargeError",
    "DocumentNotFoundError",
]

logging.getLogger("dan").addHandler(logging.NullHandler())
