"""ven: vector enrichment from dan's metadata records.

Standard library only (plus ``attrs``); never imports ``dan``.
"""

from __future__ import annotations

from ven.errors import VenError
from ven.schema import join_list, split_list

__all__ = ["VenError", "join_list", "split_list"]
