"""ven: vector enrichment from dan's metadata records.

Standard library only; never imports ``dan``.

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
from ven.expansion import Expansion, Skipped
from ven.index import IndexEntry as IndexEntry
from ven.lexical import lexical_route as lexical_route
from ven.prompts import filter_system_prompt as filter_system_prompt
from ven.prompts import index_system_prompt as index_system_prompt
from ven.routing import Route as Route
from ven.routing import RouteKind as RouteKind
from ven.routing import parse_route as parse_route
from ven.schema import join_list, split_list

__version__ = "0.1.0"

__all__ = [
    "Expansion",
    "IndexEntry",
    "Route",
    "RouteKind",
    "Skipped",
    "Ven",
    "VenError",
    "filter_system_prompt",
    "index_system_prompt",
    "join_list",
    "lexical_route",
    "parse_route",
    "split_list",
]

logging.getLogger("ven").addHandler(logging.NullHandler())
