"""A blind benchmark collection: documents and questions written without sight of the
context builder or of the team's own question sets (see README.md). Frozen: never edit."""
