"""Whole-structure development set: questions whose evidence is a whole table, a bounded
group of table rows or a run of one reviewer's tracked changes (tunable; not held out)."""
