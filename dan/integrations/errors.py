"""Errors of the integrations: both are :class:`dan.DanError` subclasses."""

from __future__ import annotations

from dan.errors import DanError

__all__ = ["IntegrationError", "MissingDependencyError"]


class IntegrationError(DanError):
    """An integration was given input it cannot use; the message says what to pass instead."""


class MissingDependencyError(IntegrationError, ImportError):
    """An optional package the helper needs is not installed; the message says what to install."""
