"""A labelled set of questions for ven's question-intent classifier (broad or pointed)."""
