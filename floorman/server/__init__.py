"""The card room server: ``floorman serve``.

It owns the HTTP API in the event notation (recording exactly as ``floorman
add`` does, answering in the ``check --json`` shapes), who may do what (floor
staff signed in, each table's station by its token), the floor dashboard with
live updates, each table's hands and history, ``ask`` as a search box, the rule
card and sheet as PDF, the trainees' drills, and the dealer station page. It
reads and writes the store only through :mod:`floorman.store.hands` and
:mod:`floorman.store.staff` (and reads :mod:`floorman.store.drills`), and is
never imported by the commands a dealer runs at the table.
"""
