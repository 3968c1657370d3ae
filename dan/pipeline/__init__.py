"""The pipeline: a :class:`dan.model.Document` to chunks and their records.

Every stage after the readers lives here, one module per stage; none knows a file format.
The converter (:mod:`dan.converter`) runs them in this order:

=================  ===================================================================
module             stage
=================  ===================================================================
``inline``         inline content as pieces that render as well-formed Markdown
``render``         the model to units (``render_document``)
``units``          ``Unit``, the one mutable bag the stages share
``pagination``     page numbers for the units (``paginate``)
``splitter``       cutting a unit larger than the room left
``chunker``        packing units into token-bounded chunks (``Chunker``)
``joincount``      a chunk's exact o200k count from its units' counts
``citation``       the citation header line of every chunk
``references``     the labels a chunk carries and the ones its text mentions
``records``        one flat record per chunk (``build_records``)
=================  ===================================================================

The package exports nothing itself: import the stage's module (``from dan.pipeline.render
import render_document``). The public API is :mod:`dan`'s. ``_cscan.pyx`` is the C twin of
the mention scan in ``references`` (the compiled build, ``scripts/compile.py``).
"""

from __future__ import annotations

__all__: list[str] = []
