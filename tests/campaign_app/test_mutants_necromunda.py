"""Tests that kill mutants of the necromunda group that survived the mutation run (tools/mutation)."""
