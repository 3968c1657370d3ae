"""The HTTP routes, one module per resource; :func:`demo.server.app.create_app` puts them together.

- :mod:`~demo.server.routes.page`: the web page, its static files and the API docs page;
- :mod:`~demo.server.routes.health`: formats, liveness and the caller's identity;
- :mod:`~demo.server.routes.collections`: collections;
- :mod:`~demo.server.routes.documents`: document uploads, ingestion jobs, documents and their passages;
- :mod:`~demo.server.routes.reindex`: a collection's reindex status and bounded reindex batches (operators);
- :mod:`~demo.server.routes.search`: search, passages by id and questions (``/ask``, streamed or not).
"""
