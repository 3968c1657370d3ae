"""Bridges from dan and ven to other tools, each in its own module, each optional.

* :mod:`dan.integrations.langchain`: ``DanLoader``, ``DanTransformer`` and
  ``expand_search_results`` (needs ``langchain-core``).
* :mod:`dan.integrations.context`: the framework-free core of search-result expansion.
* :mod:`dan.integrations.llamaindex`: ``DanReader``, ``DanNodeParser`` and ``expand_nodes``
  (the ``llamaindex`` extra: ``llama-index-core``).
* :mod:`dan.integrations.haystack`: the ``DanConverter`` component (the ``haystack`` extra).
* :mod:`dan.integrations.ray`: row functions for a Ray Data pipeline (the ``ray`` extra).

Importing ``dan`` or this package imports none of those tools; a module that needs one
raises :class:`~dan.errors.MissingDependencyError` (a ``dan.DanError`` and an
``ImportError``) saying what to install.
"""

from __future__ import annotations

from dan.errors import IntegrationError, MissingDependencyError

__all__ = ["IntegrationError", "MissingDependencyError"]
