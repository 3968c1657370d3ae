"""Quality benchmark (issue 8): does structure-aware chunking + enrichment give a model better
context for the same tokens?

Modules, one job each:

- :mod:`.docmodel` — a tiny neutral model of a business document (headings, paragraphs with
  revisions / comments / footnote references, tables with merged cells, header, footer);
- :mod:`.docx_writer`, :mod:`.html_writer`, :mod:`.md_writer`, :mod:`.rtf_writer` — write that
  model as a real file of each format;
- :mod:`.text` — seeded filler prose (the distractor text);
- :mod:`.questions` — the question type and its gold evidence;
- :mod:`.docs_*` — one builder per document family, returning documents and their questions;
- :mod:`.collection` — the fixed-seed collection (documents + questions), written to disk;
- :mod:`.naive` — pipeline 1's conversion and splitting (markitdown / pandoc + LangChain);
- :mod:`.retrieval` — the shared embedding and cosine top-k;
- :mod:`.pipelines` — the pipelines compared at one token budget;
- :mod:`.metrics` — evidence recall, table completeness, attribution;
- :mod:`.judge` — optional answer accuracy with an OpenAI-compatible client;
- :mod:`.report` — the Markdown table in ``docs/benchmarks.md``;
- :mod:`.run` — the command line: ``python -m benchmarks.quality.run``.
"""
