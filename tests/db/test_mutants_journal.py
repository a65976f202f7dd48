"""Tests that kill mutants of the journal group (db/journal.py, db/uow.py, undo/redo) that survived the mutation run (tools/mutation)."""
