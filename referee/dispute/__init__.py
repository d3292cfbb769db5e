"""Disputes: a question about one action of a recorded hand, read as a topic
(:mod:`referee.dispute.questions`), decided from the log or by the table
(:mod:`referee.dispute.decide`), written up as a document (:mod:`referee.dispute.document`) and
rendered to PDF (:mod:`referee.dispute.pdf`).  ``docs/rulings.md`` describes it for users."""
