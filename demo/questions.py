"""The questions ``python -m demo`` asks of the bundled sample collection."""

from __future__ import annotations

QUESTIONS: tuple[str, ...] = (
    "Who changed the payment terms in the Northwind and CranePoint services agreement, and what did they change?",
    "What is the unit price and lead time of part HY-1032?",
    "What does error code E117 mean and what should the operator do?",
    "Which medications were prescribed for Jonathan Miller and by whom?",
    "Compare the 2025 budget with the 2026 projection for spare parts.",
    "What comments did Mary Hoffins make on the agreement?",
)
