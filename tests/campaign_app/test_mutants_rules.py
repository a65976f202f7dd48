"""Tests that kill mutants of the rules group that survived the mutation run (tools/mutation)."""
