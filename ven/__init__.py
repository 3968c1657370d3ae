"""ven: vector enrichment from dan's metadata records.

Standard library only (plus ``attrs``); never imports ``dan``.

``Ven(records)`` builds an immutable, thread-safe view of one document's chunk structure
from its metadata records; ``Ven.begin_expansion(seqs)`` returns an :class:`Expansion` that
completes split tables and runs of revisions and comments and adds page and section
context around the chunks a vector search returned, measured in tokens against a budget.
See ``docs/ven.md``.

``Ven.create_document_index(pct)`` writes the document's :class:`IndexEntry` of the
collection's index document; :func:`filter_system_prompt` and :func:`index_system_prompt`
are the prompts of the routing and index-answer calls, :func:`parse_route` reads a routing
reply into a :class:`Route`, and :func:`lexical_route` routes without a model. See
``docs/routing.md`` and ``docs/prompts.md``.
"""

from __future__ import annotations

import logging

from ven.document import Ven
from ven.errors import VenError
from ven.expansion import Expansion
from ven.index import IndexEntry as IndexEntry
from ven.lexical import lexical_route as lexical_route
from ven.prompts import filter_system_prompt as filter_system_prompt
from ven.prompts import index_system_prompt as index_system_prompt
from ven.routing import Route as Route
from ven.routing import RouteKind as RouteKind
from ven.routing import parse_route as parse_route
from ven.schema import join_list, split_list

# The names of issue 6 (IndexEntry, Route, RouteKind, filter_system_prompt,
# index_system_prompt, lexical_route, parse_route) are importable from ``ven`` but not yet
# listed in ``__all__``: tests/ven/test_ven_document.py::test_public_api pins ``__all__`` to
# the issue-3 names, and that test belongs to another change. Add them here together with
# that test's update (see docs/routing.md, "Public names").
__all__ = ["Expansion", "Ven", "VenError", "join_list", "split_list"]

logging.getLogger("ven").addHandler(logging.NullHandler())
