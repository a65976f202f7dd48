"""Tests that kill mutants of the imports group that survived the mutation run (tools/mutation)."""
