"""The dan + ven demo: a runnable RAG application (offline by default)."""
