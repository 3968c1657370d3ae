"""ven: vector enrichment from dan's metadata records.

Standard library only (plus ``attrs``); never imports ``dan``.

``Ven(records)`` builds an immutable, thread-safe view of one document's chunk structure
from its metadata records; ``Ven.begin_expansion(seqs)`` returns an :class:`Expansion` that
completes split tables and runs of revisions and comments and adds page and section
context around the chunks a vector search returned, measured in tokens against a budget.
See ``docs/ven.md``.
"""

from __future__ import annotations

from ven.document import Ven
from ven.errors import VenError
from ven.expansion import Expansion
from ven.schema import join_list, split_list

__all__ = ["Expansion", "Ven", "VenError", "join_list", "split_list"]
