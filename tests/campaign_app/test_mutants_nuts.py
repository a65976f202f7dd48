"""Tests that kill mutants of the nuts group that survived the mutation run (tools/mutation)."""
