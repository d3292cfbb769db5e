"""Recording a night: the live table (:mod:`~referee.recording.live_table`), the session log read
back from the store (:mod:`~referee.recording.session_log`), a night written into the store from a
hand file or a log document (:mod:`~referee.recording.night_file`) and the import of either with
its checks (:mod:`~referee.recording.imports`).  Import the submodule you need; this package
imports nothing itself."""
