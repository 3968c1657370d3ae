"""Bearer tokens: who a request is, and what its role lets it do. Fails closed.

The token file is JSON: ``{"<token>": {"subject": "alice", "role": "operator"}, ...}``.
``subject`` is the store's access subject (the owner of the collections it creates; tokens
of one team can share a subject); ``role`` is ``reader`` (list, search, ask, read
passages) or ``operator`` (also create and delete collections, upload, delete, retry and
cancel jobs). Tokens are compared in constant time, and a request without a known token
gets 401 before anything else happens.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from attrs import frozen

__all__ = ["ROLES", "Principal", "TokenFileError", "TokenTable"]

ROLES = ("reader", "operator")
MIN_TOKEN_CHARS = 16


class TokenFileError(ValueError):
    """The token file cannot be used; the message says why and how to fix it."""


@frozen(slots=True)
class Principal:
    """An authenticated caller."""

    subject: str
    role: str

    @property
    def can_write(self) -> bool:
        """Operators change things; readers only read."""
        return self.role == "operator"


class TokenTable:
    """Bearer tokens and their principals."""

    def __init__(self, entries: Mapping[str, Principal]) -> None:
        if not entries:
            raise TokenFileError("the token table is empty: give at least one token")
        self._entries = [(token.encode("utf-8"), principal) for token, principal in entries.items()]

    @classmethod
    def single_user(cls, subject: str) -> tuple[TokenTable, str]:
        """A table with one generated operator token for ``subject``; (table, token)."""
        token = secrets.token_urlsafe(32)
        return cls({token: Principal(subject, "operator")}), token

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> TokenTable:
        """Read and check a token file."""
        p = Path(path)
        try:
            raw = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise TokenFileError(f"cannot read the token file {str(p)!r}: {exc.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise TokenFileError(f"the token file {str(p)!r} is not JSON ({exc})") from None
        if not isinstance(raw, dict) or not raw:
            raise TokenFileError('the token file must be a JSON object: {"<token>": {"subject": "alice", "role": "operator"}}')
        entries: dict[str, Principal] = {}
        for token, value in raw.items():
            shown = token[:4] + "…" if isinstance(token, str) else repr(token)
            if not isinstance(token, str) or len(token) < MIN_TOKEN_CHARS or not token.isprintable() or " " in token:
                raise TokenFileError(
                    f"token {shown} must be at least {MIN_TOKEN_CHARS} printable characters without spaces "
                    "(python -c 'import secrets; print(secrets.token_urlsafe(32))' makes one)"
                )
            if not isinstance(value, dict) or set(value) != {"subject", "role"}:
                raise TokenFileError(f'token {shown}: the value must be {{"subject": "...", "role": "reader" or "operator"}}')
            subject, role = value["subject"], value["role"]
            if not isinstance(subject, str) or not subject.strip() or len(subject) > 200:
                raise TokenFileError(f"token {shown}: subject must be a non-empty string of at most 200 characters")
            if role not in ROLES:
                raise TokenFileError(f"token {shown}: role must be 'reader' or 'operator', got {role!r}")
            entries[token] = Principal(subject, role)
        return cls(entries)

    def authenticate(self, authorization: str | None) -> Principal | None:
        """The principal of an ``Authorization: Bearer <token>`` header, or None."""
        if not authorization:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        given = token.strip().encode("utf-8")
        found = None
        for known, principal in self._entries:  # every entry compared: no early exit to time
            if hmac.compare_digest(known, given):
                found = principal
        return found
