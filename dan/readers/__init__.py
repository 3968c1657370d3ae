"""One reader per format; each turns decoded input into a :class:`dan.model.Document`."""
