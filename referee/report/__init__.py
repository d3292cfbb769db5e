"""The session report: its data (:mod:`~referee.report.document`), the chips chart
(:mod:`~referee.report.chart`), the terminal form (:mod:`~referee.report.terminal`) and the PDF
(:mod:`~referee.report.pdf`, WeasyPrint from the Jinja2 templates in ``reports/``)."""
