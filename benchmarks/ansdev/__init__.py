"""Extractive-answer development set: ten business documents and pointed questions, each
answered by one sentence, one short passage or one table row (tunable; not held out)."""
